import { randomBytes } from 'node:crypto';

/**
 * The environment the bench's Kadu servers run under (kadu.server.ts, and
 * the growth benchmark's on its seeded database): production settings on
 * loopback, Kadu's own demo off, and fresh keys, since production refuses
 * keys kept in the database they protect. Set before Kadu's modules load:
 * Kadu reads its configuration then.
 */
export function setKaduServerEnv(databaseUrl: string): void {
  Object.assign(process.env, {
    HOST: '127.0.0.1',
    PORT: '3000', // unused: listenAndReport picks a free port; kept valid for the configuration loader
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: databaseUrl,
    KADU_DEMO: 'false',
    KADU_SIGNING_SECRET: randomBytes(32).toString('base64'),
    KADU_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
}
