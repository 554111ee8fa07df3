import { CliCommands, CliIo, parseCliOptions, requireOption } from '@kobana/host-kit';
import { generatePassword, IdentityError } from '@kobana/identity';
import type { ConnectedAppsService } from '../grants/connected-apps.service';
import { OAUTH_CLI_MESSAGES } from './oauth-cli.messages';

/** What `password reset` needs of a host's identity service. */
export interface PasswordIdentity {
  findUserByEmail(email: string): Promise<{ id: string; email: string; role: string } | null>;
  setPassword(userId: string, password: string): Promise<boolean>;
}

/** What `password reset` runs against: the host's identity, and the OAuth grants. */
export interface PasswordResetServices {
  identity: PasswordIdentity;
  apps: ConnectedAppsService;
}

/**
 * Gives the user a new random password and prints it, alone, as the last
 * line of `io.out` (the only time it is visible: only its hash is kept).
 * A new password ends the approval pages' sessions (they are bound to the
 * password), and here every OAuth grant of the person with its tokens: what
 * was reached with the old password ends with it (docs/security-model.md).
 *
 * @throws IdentityError when no user has that e-mail.
 */
export async function runPasswordReset(services: PasswordResetServices, email: string, io: CliIo): Promise<string> {
  const user = await services.identity.findUserByEmail(email);
  if (!user) throw new IdentityError(OAUTH_CLI_MESSAGES.noUser(email));
  const password = generatePassword();
  await services.identity.setPassword(user.id, password);
  const grants = await services.apps.revokeAllForPerson(user.id);
  io.err(OAUTH_CLI_MESSAGES.accessEnded(grants));
  io.err(OAUTH_CLI_MESSAGES.newPassword(user.email, user.role));
  io.out(password);
  return password;
}

/** Reads `password reset --email <email>`. @throws CliUsageError */
function parsePasswordResetArgs(args: string[]): { email: string } {
  return { email: requireOption(parseCliOptions(args, { email: { type: 'string' } }), 'email') };
}

/** `password reset`, the same in every host's CLI. */
export const PASSWORD_RESET_COMMANDS: CliCommands<PasswordResetServices> = {
  'password reset': (args) => {
    const { email } = parsePasswordResetArgs(args);
    return (services, io) => runPasswordReset(services, email, io).then(() => undefined);
  },
};
