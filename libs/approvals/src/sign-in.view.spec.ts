import { safeNext, signInBody } from './sign-in.view';

/** The line under the title of the sign-in form that sends the person back to `next`. */
function purposeLine(next: unknown): string {
  const body = signInBody('Sign in to Kadu', safeNext(next)).toString();
  return /<p id="sign-in-purpose">(.*?)<\/p>/.exec(body)?.[1] ?? '';
}

describe('the sign-in form', () => {
  it('says why the person signs in, from the page they came from', () => {
    expect(purposeLine('/approvals/0190f0aa-1111-7000-8000-000000000001')).toBe('Sign in to review the action an AI assistant asked to take.');
    expect(purposeLine('/oauth/consent/AbC_12-x')).toBe('Sign in to decide whether an application may act on your behalf.');
    expect(purposeLine('/connected-apps')).toBe('Sign in to see and revoke the applications connected to your account.');
    expect(purposeLine('/audit')).toBe('Sign in to read what AI agents did in your organization.');
    expect(purposeLine(undefined)).toBe('Sign in to your account.');
  });

  it('takes a next page it would not send the person to as no purpose at all', () => {
    expect(purposeLine('https://elsewhere.example/audit')).toBe('Sign in to your account.');
    expect(purposeLine('/audit/../approvals/x')).toBe('Sign in to your account.');
  });
});
