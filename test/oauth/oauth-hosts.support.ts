/**
 * Both hosts started for the OAuth e2e specs, with what a real client needs:
 * `PUBLIC_URL` is the loopback address the clients use (the issuer and the
 * MCP resource must be reachable and must match what the SDKs check), the
 * metadata-document server's CA is trusted, and loopback documents are
 * allowed (or not, to see the refusal).
 */
import { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BillingRole } from '../../apps/billing/identity/billing-roles.constants';
import { IdentityService } from '@kobana/identity';
import { KaduRole } from '../../src/identity/kadu-identity.constants';
import { freePort } from '../support/free-port';
import { startKadu } from '../support/kadu-app';
import { Person } from './person-browser.support';
import { createHostApp } from '@kobana/platform';
import { BILLING } from '../../apps/billing/billing.host';
import type { NestApplicationOptions } from '@nestjs/common';

const createBillingApp = (options?: NestApplicationOptions) => createHostApp(BILLING, options);

/** The password every person of these specs has. */
export const PERSON_PASSWORD = 'pw-oauth-person-0123456789';

/** A host as the OAuth specs drive it. */
export interface OAuthHost {
  name: 'kadu' | 'billing';
  baseUrl: string;
  /** `<baseUrl>/mcp`: the MCP resource, also the `resource` of every token. */
  mcpUrl: string;
  identity: IdentityService;
  app: NestExpressApplication;
  /** A person of `organization` holding `role`, with {@link PERSON_PASSWORD}. */
  person(organization: string, role: string, email?: string): Promise<Person>;
  close(): Promise<void>;
}

/** How the metadata-document fetcher is set up. */
export interface CimdSettings {
  /** PEM file of the extra CA (the test server's). */
  caFile?: string;
  /** Whether documents on loopback addresses are allowed (development only). */
  allowLoopback: boolean;
}

/** The host's settings of the metadata-document fetcher: `<PREFIX>OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK` and `_CA_FILE`. */
function cimdEnv(prefix: 'KADU_' | 'BILLING_', settings: CimdSettings): Record<string, string> {
  return {
    [`${prefix}OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`]: String(settings.allowLoopback),
    ...(settings.caFile ? { [`${prefix}OAUTH_CLIENT_METADATA_CA_FILE`]: settings.caFile } : {}),
  };
}

async function person(identity: IdentityService, organization: string, role: string, email?: string): Promise<Person> {
  const user = await identity.ensureUser(await identity.ensureOrganization(organization), role, email ? { email } : {});
  await identity.setPassword(user.id, PERSON_PASSWORD);
  return { email: user.email, password: PERSON_PASSWORD };
}

/** Options of {@link startKaduForOAuth}. */
export interface KaduOAuthOptions {
  /** Another replica's database. */
  databaseUrl?: string;
  /** The public URL replicas share (the first replica's), instead of this one's own address. */
  publicUrl?: string;
}

/**
 * Kadu on 127.0.0.1 (its `PUBLIC_URL` is already the loopback address). With
 * `publicUrl`, a replica behind that address: `baseUrl` and `mcpUrl` still
 * reach this replica, the issuer and the resource are the shared ones.
 */
export async function startKaduForOAuth(settings: CimdSettings, options: KaduOAuthOptions = {}): Promise<OAuthHost> {
  const env = { ...cimdEnv('KADU_', settings), ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}) };
  const kadu = await startKadu({ env, databaseUrl: options.databaseUrl });
  return {
    name: 'kadu',
    baseUrl: kadu.baseUrl,
    mcpUrl: kadu.mcpUrl,
    identity: kadu.identity,
    app: kadu.app,
    person: (organization, role, email) => person(kadu.identity, organization, role as KaduRole, email),
    close: () => kadu.close(),
  };
}

/**
 * Billing on 127.0.0.1 with `PUBLIC_URL` set to that address (the shared
 * `startBilling()` keeps a fictitious public URL, which no OAuth client can
 * reach). The port is chosen first, because `PUBLIC_URL` must name it.
 */
export async function startBillingForOAuth(settings: CimdSettings): Promise<OAuthHost> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-oauth-'));
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const vars: Record<string, string> = {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATABASE_URL: `sqlite:${join(dir, `billing-${attempt}.sqlite`)}`,
        BILLING_DEMO: 'false',
        ...cimdEnv('BILLING_', settings),
      };
      const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
      Object.assign(process.env, vars);
      let app: NestExpressApplication;
      try {
        // The configuration is read while the application is created.
        app = await createBillingApp({ logger: ['error', 'warn'] });
        await app.init();
      } finally {
        for (const [key, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
      try {
        await app.listen(port, '127.0.0.1');
      } catch (error) {
        await app.close();
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error;
        continue;
      }
      const identity = app.get(IdentityService);
      return {
        name: 'billing',
        baseUrl,
        mcpUrl: `${baseUrl}/mcp`,
        identity,
        app,
        person: (organization, role, email) => person(identity, organization, role as BillingRole, email),
        close: async () => {
          await app.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
