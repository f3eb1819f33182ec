import { and, eq, sql } from 'drizzle-orm';
import {
  checkVatNumber,
  countryVatSetting,
  LEGAL_ADDRESS_MAX_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  tidyText,
  findCountryRules,
  SUPPORTED_COUNTRIES,
} from '@taxfree/domain';
import type { Db } from '../db/client.ts';
import { branches, companies, settings, users } from '../db/schema/index.ts';
import { DEMO_SETTINGS, seedCatalogues } from '../db/seed/demo.ts';
import { recordAudit } from '../lib/audit.ts';
import { translator } from '../lib/i18n.ts';
import { hashPassword } from '../lib/passwords.ts';
import { revokeUserSessions } from '../db/repositories/sessions.repository.ts';
import { endResetTokens } from '../db/repositories/reset-tokens.repository.ts';
import { findCompanyByAccount } from '../db/repositories/companies.repository.ts';
import { CommandError } from './command-error.ts';
import { setFormStage, type FormStageArgs } from './form-stage-command.ts';
import { checkPassword } from './passwords.ts';
import { companyByAccount } from './retailer-company.ts';
import {
  createBranch,
  createUser,
  type CreateBranchArgs,
  type CreateUserArgs,
} from './staff-commands.ts';
import { setSettings } from './settings-command.ts';

export { CommandError };
export { createBranch, createUser, type CreateBranchArgs, type CreateUserArgs };
export { OPERATOR_STAGES, setFormStage, type FormStageArgs } from './form-stage-command.ts';

export type CreateRetailerArgs = {
  accountNo: string;
  username: string;
  password: string;
  company: string;
  branch: string;
  country: string;
  email?: string | undefined;
  /** The company's registered name, printed as the seller; the company name when left out. */
  legalName?: string | undefined;
  /** The company's registered address. */
  address?: string | undefined;
  /** The company's VAT number, checked by the rule of its country. */
  vatNumber?: string | undefined;
};
export type ResetPasswordArgs = { accountNo: string; username: string; password: string };

export type SettingsArgs = { accountNo: string; assignments: string[] };

export type CommandName =
  | 'retailer:create'
  | 'user:create'
  | 'branch:create'
  | 'form:stage'
  | 'user:reset-password'
  | 'settings:set';
export type CommandArgs = {
  'retailer:create': CreateRetailerArgs;
  'user:create': CreateUserArgs;
  'branch:create': CreateBranchArgs;
  'form:stage': FormStageArgs;
  'user:reset-password': ResetPasswordArgs;
  'settings:set': SettingsArgs;
};

/**
 * The legal identity printed on the company's forms, each part checked as the shop information
 * panel checks it: the name and address not empty and not too long, the VAT number by the rule of
 * the country, kept normalised. Address and VAT number may come later, from the panel.
 */
function checkedLegalIdentity(args: CreateRetailerArgs, country: string) {
  const english = translator('en');
  const legalName = tidyText(args.legalName ?? args.company);
  if (!legalName) throw new CommandError('The legal name must not be empty.');
  if (legalName.length > LEGAL_NAME_MAX_LENGTH) {
    throw new CommandError(`The legal name may have at most ${LEGAL_NAME_MAX_LENGTH} characters.`);
  }
  const address = args.address === undefined ? null : tidyText(args.address);
  if (address === '') throw new CommandError('The address must not be empty.');
  if (address && address.length > LEGAL_ADDRESS_MAX_LENGTH) {
    throw new CommandError(`The address may have at most ${LEGAL_ADDRESS_MAX_LENGTH} characters.`);
  }
  if (args.vatNumber === undefined) return { legalName, address, vatNumber: null };
  const vat = checkVatNumber(country, args.vatNumber);
  if (!vat.isValid) {
    throw new CommandError(
      `Not a VAT number of ${country} (${args.vatNumber.trim()}): ${english(vat.message, { ns: 'validation' })}.`,
    );
  }
  return { legalName, address, vatNumber: vat.value };
}

/** A new retailer: company, first branch, default settings and a user who must change the password. */
export async function createRetailer(db: Db, args: CreateRetailerArgs): Promise<string> {
  const accountNo = args.accountNo.trim();
  if (!/^[0-9A-Za-z-]{1,32}$/.test(accountNo)) {
    throw new CommandError(
      'The account number may contain only letters, digits and "-" (at most 32).',
    );
  }
  if (!args.username.trim()) throw new CommandError('The username must not be empty.');
  if (!args.company.trim() || !args.branch.trim()) {
    throw new CommandError('The company and branch names must not be empty.');
  }
  await checkPassword(args.password, { username: args.username, accountNo, email: args.email });
  const email = args.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CommandError(`Not an e-mail address: ${email}`);
  const iso2 = args.country.trim().toUpperCase();
  // The law of the shop's country decides the form, currency and VAT rates: only those it knows.
  const rules = findCountryRules(iso2);
  if (!rules)
    throw new CommandError(
      `The portal does not serve country ${args.country}: use one of ${SUPPORTED_COUNTRIES.join(', ')}.`,
    );
  const identity = checkedLegalIdentity(args, iso2);
  const passwordHash = await hashPassword(args.password);

  return db.transaction(async (tx) => {
    if (await findCompanyByAccount(tx, accountNo))
      throw new CommandError(`Account number ${accountNo} is already taken.`);
    const [company] = await tx
      .insert(companies)
      .values({
        accountNo,
        name: args.company.trim(),
        country: iso2,
        ushopSetting: String(rules.hasCroatiaMode),
        currency: rules.currency,
        timeZone: rules.timeZone,
        ...identity,
      })
      .returning({ id: companies.id });
    const companyId = company!.id;
    const [branch] = await tx
      .insert(branches)
      .values({ companyId, branchName: args.branch.trim() })
      .returning({ id: branches.id });
    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        branchId: branch!.id,
        username: args.username.trim(),
        passwordHash,
        name: args.username.trim(),
        email,
        country: iso2,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    await tx.insert(settings).values({
      companyId,
      generalSetting: { ...DEMO_SETTINGS.general, invoice_ref_no_required: 0 },
      taxFreeSetting: { ...DEMO_SETTINGS.taxFree, purchase_details_required: 0 },
      vatSetting: { ...DEMO_SETTINGS.vat, ...countryVatSetting(rules) },
      refundCalculationSetting: DEMO_SETTINGS.refund,
    });
    await seedCatalogues(tx, companyId, iso2);
    await recordAudit(tx, {
      companyId,
      userId: null,
      action: 'retailer.create',
      entity: 'company',
      entityId: String(companyId),
      details: { branchId: branch!.id, userId: user!.id },
    });
    const created = `Created retailer ${accountNo} (company ${companyId}, branch ${branch!.id}); user ${args.username.trim()} must change the password at first login.`;
    const missing = [
      ...(identity.address ? [] : ['address']),
      ...(identity.vatNumber ? [] : ['VAT number']),
    ];
    if (missing.length === 0) return created;
    return `${created} It issues no form until its ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} filled in under Shop information.`;
  });
}

/** Sets a password chosen by an operator; the user must change it at the next login. */
export async function resetUserPassword(db: Db, args: ResetPasswordArgs): Promise<string> {
  const company = await companyByAccount(db, args.accountNo.trim());
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.companyId, company.id),
        eq(sql`lower(${users.username})`, args.username.trim().toLowerCase()),
      ),
    );
  if (!user) throw new CommandError(`No user ${args.username} for account ${company.accountNo}.`);
  await checkPassword(args.password, { ...user, accountNo: company.accountNo });
  const passwordHash = await hashPassword(args.password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.companyId, company.id), eq(users.id, user.id)));
    await revokeUserSessions(tx, company.id, user.id);
    await endResetTokens(tx, company.id, user.id);
    await recordAudit(tx, {
      companyId: company.id,
      userId: null,
      action: 'password.operator-reset',
      entity: 'user',
      entityId: String(user.id),
    });
    return `Password of ${user.username} (account ${company.accountNo}) set; it must be changed at the next login.`;
  });
}

export async function runCommand<C extends CommandName>(
  db: Db,
  name: C,
  args: CommandArgs[C],
): Promise<string> {
  switch (name) {
    case 'retailer:create':
      return createRetailer(db, args as CreateRetailerArgs);
    case 'user:create':
      return createUser(db, args as CreateUserArgs);
    case 'branch:create':
      return createBranch(db, args as CreateBranchArgs);
    case 'form:stage':
      return setFormStage(db, args as FormStageArgs);
    case 'user:reset-password':
      return resetUserPassword(db, args as ResetPasswordArgs);
    case 'settings:set':
      return setSettings(db, args as SettingsArgs);
    default:
      throw new CommandError(`Unknown command ${String(name)}`);
  }
}
