/**
 * What every consent page must tell the person, asserted the same way in
 * every OAuth spec: who asks (the client's name), who vouches for it (the
 * metadata document's host, or the warning that it registered itself), where
 * the answer goes (the redirect's host, with a warning when it is this
 * computer), for which organization, and each requested scope in words.
 */
import { AuthorizationOutcome } from './person-browser.support';

/** What the page must say. */
export interface ExpectedConsent {
  clientName: string;
  organization: string;
  /** The document's host (`127.0.0.1:<port>`) for a metadata-document client, the redirect_uri's host for a self-registered one. */
  originHost: string;
  selfRegistered: boolean;
  /** The scopes the client asked for, in any order. */
  scopes: string[];
}

/** Asserts the consent page the person saw. */
export function expectConsent(outcome: AuthorizationOutcome, expected: ExpectedConsent): void {
  const { consent } = outcome;
  expect(consent.clientName).toBe(expected.clientName);
  expect(consent.organization).toBe(expected.organization);
  if (expected.selfRegistered) {
    expect(consent.origin).toMatch(/registered itself/i);
    expect(consent.redirect).toContain(expected.originHost);
  } else {
    expect(consent.origin).toContain(expected.originHost);
    expect(consent.origin).not.toMatch(/registered itself/i);
  }
  // Every page names where the answer goes; a loopback redirect says it is this computer.
  expect(consent.redirect).toMatch(/goes to \S+/);
  if (/goes to (127\.0\.0\.1|localhost|\[::1\])[:/\s,]/.test(consent.redirect ?? '')) expect(consent.loopbackWarning).toMatch(/this computer/);
  else expect(consent.loopbackWarning).toBeNull();
  expect(consent.scopes.map((entry) => entry.scope).sort()).toEqual([...expected.scopes].sort());
  for (const entry of consent.scopes) {
    // Words for a person, besides the scope's code.
    const words = entry.text.replace(entry.scope ?? '', '').trim();
    expect(words).toMatch(/[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}/);
  }
}
