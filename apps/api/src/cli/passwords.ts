import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@taxfree/domain';
import { translator } from '../lib/i18n.ts';
import { passwordWeakness, type PasswordOwner } from '../lib/password-policy.ts';
import { CommandError } from './command-error.ts';

/**
 * An operator's password for a user: the portal's length bounds, and not too easy to guess for
 * that user (the estimator the portal uses; the user changes it at the first sign-in all the same).
 */
export async function checkPassword(password: string, owner: PasswordOwner) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new CommandError(
      `The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    );
  }
  const weakness = await passwordWeakness(password, owner);
  if (weakness !== null) {
    throw new CommandError(`${translator('en')(weakness, { ns: 'validation' })}.`);
  }
}
