/** How to make a key: 32 random bytes, printable. */
const HOW_TO_GENERATE = 'e.g. `openssl rand -base64 32`';

/** What `SecretsService` says about where the keys come from. */
export const SECRETS_MESSAGES = {
  refusedInProduction: (names: readonly string[], fromConfig: boolean) =>
    `Refusing to start with NODE_ENV=production: ${list(names)} ${names.length > 1 ? 'are' : 'is'} not set, and a key generated into the database it protects is refused. ` +
    (fromConfig
      ? `Set ${names.length > 1 ? 'each one' : 'it'} in the environment, at least 32 random characters (${HOW_TO_GENERATE}); ` +
        'to keep a key already in use, copy its value from the `secrets` table.'
      : 'This host cannot read it from the environment.'),
  keptInDatabase: (names: readonly string[]) =>
    `${list(names)} kept in the database ${names.length > 1 ? 'they protect' : 'it protects'} (fine for development; with NODE_ENV=production start-up refuses this): set ${names.join(', ')} in the environment (${HOW_TO_GENERATE}).`,
  tooShort: (name: string, min: number) => `${name} must be at least ${min} characters (${HOW_TO_GENERATE})`,
} as const;

function list(names: readonly string[]): string {
  return names.join(', ');
}
