import { PageQueryDto } from '../../common/pagination/page-query.dto';

/** `GET /api/v1/files` and `kadu_files_list`: a page, newest first. */
export class ListFilesDto extends PageQueryDto {}
