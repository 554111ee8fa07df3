/**
 * Sign-in that cannot be abused (issue 16), the same cases on both hosts over
 * real HTTP: form posts only (415), same-origin posts only (403), failed
 * sign-ins throttled per e-mail and per address (429 + Retry-After, known
 * and unknown e-mails alike), password checks bounded, sign-out, the
 * per-host cookie, and sessions ended by a new password.
 */
import type { IdentityService } from '@kobana/identity';

/** What the cases need of a running host. */
export interface SignInHost {
  baseUrl: string;
  /** The host's session cookie name. */
  cookieName: string;
  identity: IdentityService;
  /** A person with a password, who may sign in. */
  person: { email: string; password: string };
  /** An approval of the person's organization they may decide (pending). */
  approvalId(): Promise<string>;
  /** The approval's status, read from the database. */
  approvalStatus(id: string): Promise<string>;
  /** Gives the person a new password the way an operator does (the host's `password reset` command, where it has one); answers it. */
  resetPassword(): Promise<string>;
  /** Forgets every sign-in counter (every case comes from 127.0.0.1, which the address limit counts). */
  clearThrottles(): Promise<void>;
  close(): Promise<void>;
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Registers the cases for `name`, started once by `start`. */
export function describeSignInAbuse(name: string, start: () => Promise<SignInHost>): void {
  describe(`${name}: sign-in that cannot be abused`, () => {
    let host: SignInHost;

    beforeAll(async () => {
      host = await start();
    });
    afterAll(() => host?.close());
    beforeEach(() => host.clearThrottles());

    const post = (path: string, body: string | URLSearchParams, headers: Record<string, string> = FORM) =>
      fetch(`${host.baseUrl}${path}`, { method: 'POST', headers, body, redirect: 'manual' });
    const signIn = (who: { email: string; password: string }, headers: Record<string, string> = {}) =>
      post('/sign-in', new URLSearchParams(who), { ...FORM, ...headers });
    const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];
    const signedInCookie = async () => {
      const res = await signIn(host.person);
      expect(res.status).toBe(303);
      return cookieOf(res);
    };
    /** The e-mail the sign-in page says is signed in with `cookie`, or `undefined` (the form). */
    const signedInAs = async (cookie: string) => {
      const html = await (await fetch(`${host.baseUrl}/sign-in`, { headers: { Cookie: cookie } })).text();
      return /<strong id="signed-in-as">([^<]*)<\/strong>/.exec(html)?.[1];
    };

    it('names its session cookie for the host', async () => {
      const res = await signIn(host.person);
      expect(res.headers.get('set-cookie')).toMatch(
        new RegExp(`^${host.cookieName}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43}; Max-Age=28800; Path=/; HttpOnly; SameSite=Lax$`),
      );
    });

    it('answers 415 to any page POST that is not a form, and changes nothing', async () => {
      const id = await host.approvalId();
      const cookie = await signedInCookie();
      const plain = { 'Content-Type': 'text/plain' };
      for (const [path, headers] of [
        ['/sign-in', plain],
        ['/sign-in', { 'Content-Type': 'application/json' }],
        ['/sign-out', { ...plain, Cookie: cookie }],
        [`/approvals/${id}`, { ...plain, Cookie: cookie }],
      ] as Array<[string, Record<string, string>]>) {
        const body =
          headers['Content-Type'] === 'application/json' ? JSON.stringify({ email: 'a@b.test', password: 'x' }) : 'decision=continue&email=a@b.test&password=x';
        const res = await post(path, body, headers);
        expect([path, res.status]).toEqual([path, 415]);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await res.text()).toContain('accepts only HTML form posts');
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      expect(await host.approvalStatus(id)).toBe('pending');
      expect(await signedInAs(cookie)).toBe(host.person.email);
    });

    it('answers 401 to a malformed e-mail and 400 to missing or oversized fields', async () => {
      expect((await post('/sign-in', 'email=notanemail&password=x')).status).toBe(401);
      const missing = await post('/sign-in', 'email=a%40b.test');
      expect(missing.status).toBe(400);
      expect(await missing.text()).toContain('Enter your e-mail and password.');
      expect((await post('/sign-in', 'email[a]=1&password=x')).status).toBe(400);
      expect((await post('/sign-in', new URLSearchParams({ email: 'a@b.test', password: 'x'.repeat(1025) }))).status).toBe(400);
    });

    it('refuses cross-site page POSTs (403) and keeps same-origin and non-browser ones', async () => {
      const id = await host.approvalId();
      const crossSite: Array<Record<string, string>> = [
        { Origin: 'https://evil.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site' },
        { Origin: 'null' },
      ];
      for (const headers of crossSite) {
        const res = await signIn(host.person, headers);
        expect(res.status).toBe(403);
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await res.text()).toContain('sent from another site');
      }
      const cookie = await signedInCookie();
      const csrf = /name="csrf_token" value="([^"]*)"/.exec(await (await fetch(`${host.baseUrl}/approvals/${id}`, { headers: { Cookie: cookie } })).text())![1];
      const evil = { ...FORM, Cookie: cookie, Origin: 'https://evil.example' };
      expect((await post(`/approvals/${id}`, new URLSearchParams({ csrf_token: csrf, decision: 'continue' }), evil)).status).toBe(403);
      expect(await host.approvalStatus(id)).toBe('pending');
      expect((await post('/sign-out', '', evil)).status).toBe(403);
      expect(await signedInAs(cookie)).toBe(host.person.email);

      expect((await signIn(host.person, { Origin: host.baseUrl, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
      expect((await signIn(host.person, { Origin: host.baseUrl })).status).toBe(303);
      const decided = await post(`/approvals/${id}`, new URLSearchParams({ csrf_token: csrf, decision: 'cancel' }), {
        ...FORM,
        Cookie: cookie,
        Origin: host.baseUrl,
      });
      expect(decided.status).toBe(303);
      expect(await host.approvalStatus(id)).toBe('cancelled');
    });

    it('throttles an e-mail after 5 failures (429 + Retry-After, before any hashing), known or unknown alike', async () => {
      const verify = jest.spyOn(host.identity, 'verifyPassword');
      try {
        for (const email of [host.person.email, 'nobody-here@unknown.test']) {
          const statuses: number[] = [];
          for (let i = 0; i < 5; i++) statuses.push((await signIn({ email, password: 'wrong-password-0123' })).status);
          expect(statuses).toEqual([401, 401, 401, 401, 401]);
          verify.mockClear();
          const blocked = await signIn({ email, password: email === host.person.email ? host.person.password : 'x' });
          expect(blocked.status).toBe(429);
          expect(blocked.headers.get('retry-after')).toMatch(/^(59|60)$/);
          expect(blocked.headers.get('set-cookie')).toBeNull();
          expect(await blocked.text()).toContain('Too many failed sign-ins for this e-mail or from this network. Try again in a minute.');
          expect(verify).not.toHaveBeenCalled();
        }
        // Another e-mail from the same address still signs in: the address limit is 20.
        await host.clearThrottles();
      } finally {
        verify.mockRestore();
      }
    });

    it('a success resets the e-mail’s failures', async () => {
      for (let i = 0; i < 4; i++) expect((await signIn({ ...host.person, password: 'wrong-password-0123' })).status).toBe(401);
      expect((await signIn(host.person)).status).toBe(303);
      for (let i = 0; i < 4; i++) expect((await signIn({ ...host.person, password: 'wrong-password-0123' })).status).toBe(401);
      expect((await signIn(host.person)).status).toBe(303);
    });

    it('throttles an address after 20 failures across e-mails', async () => {
      for (let i = 0; i < 20; i++) expect((await signIn({ email: `guess-${i}@unknown.test`, password: 'wrong-password-0123' })).status).toBe(401);
      const blocked = await signIn(host.person);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(await blocked.text()).toContain('Try again in 15 minutes.');
    });

    // The checks are stand-ins of a few milliseconds, so that the 5-second wait never runs out on a loaded machine:
    // what is measured is the gate's order and bounds, not scrypt.
    it('runs one password check at a time; 25 sign-ins at once from one address all wait their turn (no 503)', async () => {
      let running = 0;
      let peak = 0;
      let calls = 0;
      const verify = jest.spyOn(host.identity, 'verifyPassword').mockImplementation(async () => {
        peak = Math.max(peak, ++running);
        // The first check lasts until all 25 are in (past the throttle's check, before any failure counts), the others 5 ms.
        await new Promise((resolve) => setTimeout(resolve, calls++ === 0 ? 1000 : 5));
        running--;
        return null;
      });
      try {
        const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn({ email: `storm-${i}@unknown.test`, password: 'wrong-password-0123' })));
        expect(answers.map((res) => res.status)).toEqual(Array(25).fill(401));
        expect(peak).toBe(1);
        expect(verify).toHaveBeenCalledTimes(25);
      } finally {
        verify.mockRestore();
      }
    });

    it('answers 503 + Retry-After past the 32 places one address may hold', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Every check waits until the storm is in, so the address's places are full when the last ones arrive.
      const verify = jest.spyOn(host.identity, 'verifyPassword').mockImplementation(async () => {
        await held;
        return null;
      });
      try {
        let answered = 0;
        const pending = Array.from({ length: 36 }, (_, i) =>
          signIn({ email: `queue-${i}@unknown.test`, password: 'wrong-password-0123' }).finally(() => answered++),
        );
        // One check runs (held), 32 wait: the 3 others are answered at once; then the held checks go on.
        for (let tick = 0; tick < 200 && answered < 3; tick++) await new Promise((resolve) => setTimeout(resolve, 20));
        release();
        const answers = await Promise.all(pending);
        const statuses = answers.map((res) => res.status);
        expect(statuses.filter((status) => status === 401)).toHaveLength(33);
        expect(statuses.filter((status) => status === 503)).toHaveLength(3);
        for (const res of answers.filter((answer) => answer.status === 503)) {
          expect(res.headers.get('retry-after')).toBe('5');
          expect(await res.text()).toContain('Too many people are signing in right now.');
        }
      } finally {
        verify.mockRestore();
      }
    });

    it('signs out: the row is gone, the cookie cleared, the old cookie worthless', async () => {
      const cookie = await signedInCookie();
      const page = await (await fetch(`${host.baseUrl}/sign-in`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain('<form method="post" action="/sign-out" id="sign-out-form">');
      const approvalPage = await (await fetch(`${host.baseUrl}/approvals/${await host.approvalId()}`, { headers: { Cookie: cookie } })).text();
      expect(approvalPage).toContain(`<strong id="signed-in-as">${host.person.email}</strong>`);
      const out = await post('/sign-out', '', { ...FORM, Cookie: cookie });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/sign-in');
      expect(out.headers.get('set-cookie')).toBe(`${host.cookieName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
      expect(await signedInAs(cookie)).toBeUndefined();
      // Signing out without a session is harmless.
      expect((await post('/sign-out', '')).status).toBe(303);
    });

    it('a new password ends every session of that person', async () => {
      const [first, second] = [await signedInCookie(), await signedInCookie()];
      expect(await signedInAs(first)).toBe(host.person.email);
      const user = (await host.identity.findUserByEmail(host.person.email))!;
      const newPassword = await host.resetPassword();
      try {
        expect(await signedInAs(first)).toBeUndefined();
        expect(await signedInAs(second)).toBeUndefined();
        expect((await signIn(host.person)).status).toBe(401);
        const fresh = await signIn({ ...host.person, password: newPassword });
        expect(fresh.status).toBe(303);
        expect(await signedInAs(cookieOf(fresh))).toBe(host.person.email);
      } finally {
        await host.identity.setPassword(user.id, host.person.password);
      }
    });
  });
}
