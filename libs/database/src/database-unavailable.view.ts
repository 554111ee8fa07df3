/**
 * The page a browser is shown when a page (sign-in, consent, approval,
 * audit…) meets a database fault: the same words as the JSON answer, in a
 * page a person can read, with nothing of the request in it (so nothing to
 * escape) and a policy that allows no script, style source or framing.
 */
export function databaseUnavailablePage(message: string, retryAfterSeconds: number): string {
  const retry = retryAfterSeconds >= 60 ? `${Math.round(retryAfterSeconds / 60)} minute(s)` : `${retryAfterSeconds} second(s)`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Service temporarily unavailable</title></head><body><main><h1>Service temporarily unavailable</h1><p>${message}</p><p>Please try again in ${retry}.</p></main></body></html>`;
}

/** The headers of {@link databaseUnavailablePage}. */
export const DATABASE_UNAVAILABLE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
};
