/** The line under the sign-in form's title, by why the person signs in (the page they came from). */
const SIGN_IN_INTROS = {
  approval: 'Sign in to review the action an AI assistant asked to take.',
  consent: 'Sign in to decide whether an application may act on your behalf.',
  'connected-apps': 'Sign in to see and revoke the applications connected to your account.',
  audit: 'Sign in to read what AI agents did in your organization.',
  account: 'Sign in to your account.',
} as const;

/** Why a person is signing in: the page they will be sent back to, or just their account. */
export type SignInPurpose = keyof typeof SIGN_IN_INTROS;

/** Every text of the approval and sign-in pages, in one place. */
export const ApprovalMessages = {
  signInTitle: (product: string) => `Sign in to ${product}`,
  /** Why the person is signing in, from the page that sent them here (see `signInPurpose`). */
  signInIntro: (purpose: SignInPurpose) => SIGN_IN_INTROS[purpose],
  wrongCredentials: () => 'Wrong e-mail or password.',
  email: () => 'E-mail',
  password: () => 'Password',
  signIn: () => 'Sign in',
  pageTitle: () => 'Approve an action',
  asks: () => 'asks to run',
  client: () => 'Client',
  arguments: () => 'Arguments',
  noArguments: () => '(none)',
  actsOn: () => 'It acts on',
  expiresIn: (relative: string) => `This link expires ${relative}, at`,
  expiredAt: () => 'This link expired at',
  inMinutes: (minutes: number) => (minutes < 1 ? 'in less than a minute' : minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`),
  utcTime: (hhmm: string) => `${hhmm} UTC`,
  continue: () => 'Continue',
  cancel: () => 'Cancel',
  approved: (client: string) => `Approved. ${client} may now repeat the call; it will run once.`,
  cancelled: () => 'Cancelled. Nothing was done.',
  consumed: () => 'Done. The action ran once.',
  expired: () => 'This link expired. Nothing was done; the assistant must ask again.',
  notFoundTitle: () => 'Not found',
  notFound: () => 'There is no such approval.',
  forbiddenTitle: () => 'Not allowed',
  forbidden: () => 'Only the person the assistant acts for, or an owner or admin of the organization, may decide.',
  csrfTitle: () => 'Form expired',
  csrf: () => 'This form is no longer valid. Open the approval link again.',
  crossSiteTitle: () => 'Request refused',
  crossSite: () => 'This form was sent from another site. Open this site directly and try again.',
  notAFormTitle: () => 'Unsupported form',
  notAForm: () => 'This address accepts only HTML form posts (application/x-www-form-urlencoded).',
  missingFields: () => 'Enter your e-mail and password.',
  tooLong: () => 'The e-mail or password is too long.',
  throttledTitle: () => 'Too many attempts',
  throttled: (minutes: number) =>
    `Too many failed sign-ins for this e-mail or from this network. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
  busyTitle: () => 'Busy',
  busy: () => 'Too many people are signing in right now. Try again in a few seconds.',
  signedInAs: () => 'Signed in as',
  signOut: () => 'Sign out',
  signedOut: () => 'You are signed out.',
  connectedApps: () => 'Apps connected to your account',
} as const;
