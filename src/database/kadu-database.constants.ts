/** Injection token of the application's `Kysely<KaduDatabase>`. */
export const KADU_DATABASE = Symbol('KaduDatabase');
