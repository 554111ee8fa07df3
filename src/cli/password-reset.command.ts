import { generatePassword, IdentityError, IdentityService } from '@kobana/identity';
import { CliIo, parseCliOptions, requireOption } from '@kobana/host-kit';

/** What `password reset` needs. */
export interface PasswordResetOptions {
  email: string;
}

/** Reads `password reset`'s options. @throws CliUsageError */
export function parsePasswordResetArgs(args: string[]): PasswordResetOptions {
  return { email: requireOption(parseCliOptions(args, { email: { type: 'string' } }), 'email') };
}

/**
 * Gives the user a new random password and prints it, alone, as the last
 * line of `io.out`: the only time it is visible, since only its hash is kept.
 *
 * @throws IdentityError when no user has that e-mail.
 */
export async function runPasswordReset(identity: IdentityService, options: PasswordResetOptions, io: CliIo): Promise<string> {
  const user = await identity.findUserByEmail(options.email);
  if (!user) throw new IdentityError(`No user has the e-mail ${options.email}`);
  const password = generatePassword();
  await identity.setPassword(user.id, password);
  io.err(`New password of ${user.email} (${user.role}):`);
  io.out(password);
  return password;
}
