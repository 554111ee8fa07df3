export { PageQueryDto, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './page-query.dto';
export type { Page } from './page.interface';
export { encodeCursor, decodeCursor, INVALID_CURSOR_MESSAGE } from './cursor.codec';
export type { CursorKey } from './cursor.codec';
export { keysetPage } from './keyset-page.util';
