import { IsRecordId, RECORD_ID_MAX_LENGTH } from '@kobana/host-kit';

/** Longest id any Kadu input accepts: the hosts' {@link RECORD_ID_MAX_LENGTH}. */
export const KADU_ID_MAX_LENGTH = RECORD_ID_MAX_LENGTH;

/**
 * The rules of every Kadu id field (a tool argument, a query filter, a
 * route's `:id` through {@link ParseIdPipe}): the hosts' {@link IsRecordId}.
 */
export const IsKaduId = IsRecordId;
