/**
 * The authorization server's state, one table for every kind of record the
 * protocol library keeps (oidc-provider "models": `Session`, `Interaction`,
 * `Grant`, `AuthorizationCode`, `AccessToken`, `RefreshToken`, `Client` for
 * dynamically registered clients, `ReplayDetection`, ...). Kept in the host's
 * database so a code issued by one replica is redeemed on another.
 *
 * Ids are never stored as they are: an access token, a refresh token and a
 * code ARE their ids, so the key is `id_hash`, the SHA-256 of the id (hex),
 * and a lookup hashes the id it is given. Timestamps are ISO-8601 UTC text,
 * as in every other table, so SQLite and PostgreSQL share the migration.
 */
export interface OAuthRecordsTable {
  /** The record's kind, the library's model name (`Grant`, `AccessToken`, ...). */
  model: string;
  /** SHA-256 (hex) of the record's id. With `model`, the primary key. */
  id_hash: string;
  /** The library's payload, JSON text. Holds no token value: tokens are their ids, and ids are hashed. */
  payload: string;
  /** The grant a token or code belongs to (in clear: a grant id is a handle, not a credential), so `revokeByGrantId` is one statement. */
  grant_id: string | null;
  /** The person (user id) the record is for, when the payload names one: how a person's connected apps are listed. */
  account_id: string | null;
  /** The OAuth client id the record is for, when the payload names one. */
  client_id: string | null;
  /** `Session` and `Interaction` lookups by uid (`findByUid`). */
  uid: string | null;
  /** When the library expires the record; null for records that never expire. */
  expires_at: string | null;
  /** When a code or refresh token was consumed (redeemed or rotated); null otherwise. */
  consumed_at: string | null;
  created_at: string;
}

/** The tables the authorization server uses, a subset of the host's database. */
export interface OAuthDatabase {
  oauth_records: OAuthRecordsTable;
}
