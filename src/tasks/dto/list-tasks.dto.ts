import { PageQueryDto } from '../../common/pagination/page-query.dto';

/** `GET /api/v1/tasks` and `kadu_tasks_list`: a page, newest first. */
export class ListTasksDto extends PageQueryDto {}
