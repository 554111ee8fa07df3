/**
 * An identity operation was asked for something invalid or contradictory
 * (bad slug, unknown role, a user that exists with another role). The CLI
 * shows its message as is; it never contains a secret.
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
}
