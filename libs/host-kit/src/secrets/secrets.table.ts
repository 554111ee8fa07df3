/** Generated secrets shared by every replica through the database. */
export interface SecretsTable {
  /** The environment variable that would override it, e.g. `KADU_SIGNING_SECRET`. */
  name: string;
  value: string;
  created_at: string;
}

/** The tables {@link SecretsService} uses; created by `createSecrets`. */
export interface SecretsDatabase {
  secrets: SecretsTable;
}
