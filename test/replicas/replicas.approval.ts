/**
 * The person's side of an approval link, over plain HTTP on one replica:
 * sign in (session cookie), open the approval page (its CSRF token), press
 * Continue or Cancel. The browser flow itself is proven in test/kadu; here
 * what matters is which replica serves each step.
 */
import type { Replica } from './replica.process';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const REQUEST_TIMEOUT_MS = 20_000;

/** Signs in on `replica`; answers the session cookie (`name=value`). @throws Error when the sign-in is refused. */
export async function signIn(replica: Replica, email: string, password: string): Promise<string> {
  const res = await fetch(`${replica.baseUrl}/sign-in`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const cookie = res.headers.get('set-cookie');
  if (res.status !== 303 || !cookie) throw new Error(`sign-in on ${replica.name}: ${res.status}`);
  return cookie.split(';')[0];
}

/**
 * Opens the approval at `approvalUrl`, moved to `replica`'s origin (the link
 * names the replica that created it; any replica must serve it), and posts
 * `decision` with the page's CSRF token.
 *
 * @returns the decision's HTTP status and `Location` (303 back to the page when accepted).
 */
export async function decideApproval(
  replica: Replica,
  cookie: string,
  approvalUrl: string,
  decision: 'continue' | 'cancel',
): Promise<{ status: number; location: string | null }> {
  const url = `${replica.baseUrl}${new URL(approvalUrl).pathname}`;
  const page = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const html = await page.text();
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(html)?.[1];
  if (page.status !== 200 || csrf === undefined) throw new Error(`approval page on ${replica.name}: ${page.status}`);
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...FORM, Cookie: cookie },
    body: new URLSearchParams({ csrf_token: csrf, decision }),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, location: res.headers.get('location') };
}
