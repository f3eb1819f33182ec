import { loadPasswordStrength } from '@taxfree/domain/password-strength';
import type { Db, Tx } from '../db/client.ts';
import { findCompany } from '../db/repositories/companies.repository.ts';
import { findUser } from '../db/repositories/users.repository.ts';
import { AppError } from './app-error.ts';

/** Who chooses a password: the words an attacker who knows them tries first. */
export type PasswordOwner = {
  name?: string | null;
  username?: string | null;
  email?: string | null;
  accountNo?: string | null;
};

const inputsOf = (owner: PasswordOwner) =>
  [owner.name, owner.username, owner.email, owner.accountNo].filter(
    (input): input is string => typeof input === 'string' && input !== '',
  );

/**
 * A password too easy to guess is refused (400, on its field, saying why in the user's language):
 * the same estimator the browser's meter shows (`@taxfree/domain/password-strength`).
 */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner,
  field = 'password',
) {
  const weakness = await passwordWeakness(password, owner);
  if (weakness !== null) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ field, message: weakness }] });
  }
}

/** The user's own words (name, username, e-mail, the company's account number), as stored. */
export async function passwordOwner(
  db: Db | Tx,
  companyId: number,
  userId: number,
): Promise<PasswordOwner> {
  const [user, company] = await Promise.all([
    findUser(db, companyId, userId),
    findCompany(db, companyId),
  ]);
  return {
    name: user?.name,
    username: user?.username,
    email: user?.email,
    accountNo: company?.accountNo,
  };
}

/**
 * Why a password is too easy to guess (a `validation` key), or null when it is not. The
 * estimator's dictionaries (some megabytes) load with the first password checked, not at start.
 */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  const strengthOf = await loadPasswordStrength();
  return strengthOf(password, inputsOf(owner)).weakness;
}
