/**
 * Without `TRUST_PROXY` (the default) the socket's address is the client's:
 * an `X-Forwarded-For` a client writes moves nothing, so an attacker cannot
 * spread its failed sign-ins over invented addresses, nor spend another
 * person's budget by naming their address.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { signInFrom } from './loopback.client';

jest.setTimeout(60_000);

const PERSON = { email: 'person@unset.test', password: 'person-password-0123' };

describe('Kadu with TRUST_PROXY unset', () => {
  let kadu: KaduTestApp;
  beforeAll(async () => {
    kadu = await startKadu();
    const organization = await kadu.identity.ensureOrganization('unset', { name: 'Unset' });
    await kadu.identity.createUser(organization, 'owner', PERSON);
  });
  afterAll(() => kadu?.close());

  it('counts failed sign-ins by socket address whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 20; i++) {
      // Each failure names another client, and the last ones name the person's own address.
      const forged = i < 15 ? `203.0.113.${i}` : '127.0.0.3';
      expect((await signInFrom('127.0.0.2', kadu.baseUrl, `guess-${i}@unknown.test`, 'wrong-password-0123', { 'X-Forwarded-For': forged })).status).toBe(401);
    }
    expect((await signInFrom('127.0.0.2', kadu.baseUrl, 'guess-x@unknown.test', 'wrong-password-0123', { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(
      429,
    );
    expect((await signInFrom('127.0.0.3', kadu.baseUrl, PERSON.email, PERSON.password, { 'X-Forwarded-For': '127.0.0.2' })).status).toBe(303);
  });
});
