/** Name of the passport strategy that guards `/api/v1`. */
export const KADU_API_STRATEGY = 'kadu-api';

/** Realm named in the API's `WWW-Authenticate` challenge. */
export const KADU_API_REALM = 'kadu-api';
