import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock, lockHolder } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { CommandError, runCommand, type CommandArgs, type CommandName } from './commands.ts';
import { sendOperatorCommand } from './operator-socket.ts';
import { SETTING_KEYS } from './settings-command.ts';

/**
 * Runs a command against the configured database: PostgreSQL directly; the embedded database
 * directly when no server holds it, else through the running server's operator socket.
 */
async function execute<C extends CommandName>(name: C, args: CommandArgs[C]): Promise<string> {
  const config = loadConfig();
  if (!config.DATABASE_URL && lockHolder(config.dataDir) !== undefined) {
    const reply = await sendOperatorCommand(config.dataDir, name, args);
    if (!reply.ok) throw new CommandError(reply.message);
    return reply.message;
  }
  const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await prepareDatabase(database, { demoSeed: false });
    return await runCommand(database.db, name, args);
  } finally {
    await database.close();
    release();
  }
}

const program = new Command()
  .name('npm run cli --')
  .description(
    "Operators' commands for the tax-free retailer portal. Uses DATA_DIR or DATABASE_URL like the server, and works while it runs.",
  )
  .exitOverride()
  .showHelpAfterError();

program
  .command('retailer:create')
  .description(
    'Create a retailer (company, branch, settings) and its first user, who must change the password at first login',
  )
  .requiredOption('--account-no <number>', 'account number the staff sign in with')
  .requiredOption('--username <name>', 'username of the first user')
  .requiredOption('--password <password>', 'first password (8 to 128 characters)')
  .requiredOption('--company <name>', 'company name')
  .requiredOption('--branch <name>', 'name of the first branch (shop)')
  .requiredOption(
    '--country <iso2>',
    'country of the company, ISO 3166 alpha-2: one of HR, SI, RS, BA (its form, currency and VAT rates follow)',
  )
  .option('--email <address>', "the user's e-mail address, for password resets")
  .option(
    '--legal-name <name>',
    "the company's registered name, printed as the seller on its forms (default: --company)",
  )
  .option('--address <text>', "the company's registered address, printed on its forms")
  .option(
    '--vat-number <number>',
    "the company's VAT number, checked by its country's rule: HR OIB (11 digits), SI (8 digits), RS PIB (9 digits), BA (12 digits)",
  )
  .addHelpText(
    'after',
    `
A company issues forms once it has its legal name, address and VAT number; the shop can also fill
them in later under Shop information.

Example:
  npm run cli -- retailer:create --account-no 100200 --username ana --password first-pass-1 \\
    --company "Jadran Moda" --branch Ilica --country HR --legal-name "Jadran Moda d.o.o." \\
    --address "Ilica 12, 10000 Zagreb" --vat-number HR69435151530`,
  )
  .action(async (o: Record<string, string>) => {
    console.log(
      await execute('retailer:create', {
        accountNo: o.accountNo!,
        username: o.username!,
        password: o.password!,
        company: o.company!,
        branch: o.branch!,
        country: o.country!,
        email: o.email,
        legalName: o.legalName,
        address: o.address,
        vatNumber: o.vatNumber,
      }),
    );
  });

program
  .command('user:create')
  .description(
    'Add a manager or a clerk to a retailer; the user must change the password at first login',
  )
  .requiredOption('--account-no <number>', 'account number of the retailer')
  .requiredOption('--username <name>', 'username, unique in the company')
  .requiredOption('--password <password>', 'first password (8 to 128 characters)')
  .requiredOption('--role <role>', 'manager or clerk')
  .option('--branch <name>', "the user's branch (default: the company's first branch)")
  .option('--name <name>', 'full name shown in the audit trail (default: the username)')
  .option('--email <address>', 'e-mail address, for password resets')
  .action(async (o: Record<string, string | undefined>) => {
    console.log(
      await execute('user:create', {
        accountNo: o.accountNo!,
        username: o.username!,
        password: o.password!,
        role: o.role!,
        branch: o.branch,
        name: o.name,
        email: o.email,
      }),
    );
  });

program
  .command('branch:create')
  .description('Add a branch (a shop) to a retailer')
  .requiredOption('--account-no <number>', 'account number of the retailer')
  .requiredOption('--name <name>', "the branch's name, unique in the company")
  .action(async (o: Record<string, string>) => {
    console.log(await execute('branch:create', { accountNo: o.accountNo!, name: o.name! }));
  });

program
  .command('form:stage')
  .description(
    "Record a form's next stage, one at a time: customs validation (with the stamp's details), receipt of the stamped original, payout",
  )
  .requiredOption('--account-no <number>', 'account number of the retailer')
  .requiredOption('--barcode <digits>', 'barcode of the form')
  .requiredOption('--stage <stage>', 'FORM_VALIDATED, FORM_COLLECTED or FORM_REFUNDED')
  .option(
    '--export-date <yyyy-mm-dd>',
    'FORM_VALIDATED (required): the date of export on the customs stamp',
  )
  .option(
    '--customs-office <name>',
    'FORM_VALIDATED (required): the customs office that stamped it',
  )
  .option(
    '--record-number <number>',
    'FORM_VALIDATED (required): the customs record number on the stamp',
  )
  .option('--refund-date <yyyy-mm-dd>', 'FORM_REFUNDED (required): the day the traveller was paid')
  .option(
    '--paid-amount <amount>',
    "FORM_REFUNDED: the amount paid, at most the form's refund (default: the form's refund)",
  )
  .option(
    '--paid-method <method>',
    "FORM_REFUNDED: option2 card, option3 PayPal, option5 cash or option6 bank transfer (default: the form's refund method)",
  )
  .addHelpText(
    'after',
    `
Dates are the shop's calendar days, not in the future and not before the form was issued; the
export date is not after the form's export deadline, the refund date not before the export date.
A skip, a step back, the same stage again, or a cancelled or expired form is refused.

Examples:
  npm run cli -- form:stage --account-no 100100 --barcode 000010000000017 --stage FORM_VALIDATED \\
    --export-date 2026-05-12 --customs-office "Zagreb Airport" --record-number HR-2026-004711
  npm run cli -- form:stage --account-no 100100 --barcode 000010000000017 --stage FORM_COLLECTED
  npm run cli -- form:stage --account-no 100100 --barcode 000010000000017 --stage FORM_REFUNDED \\
    --refund-date 2026-05-20 --paid-amount 27.60 --paid-method option5`,
  )
  .action(async (o: Record<string, string | undefined>) => {
    console.log(
      await execute('form:stage', {
        accountNo: o.accountNo!,
        barcode: o.barcode!,
        stage: o.stage!,
        exportDate: o.exportDate,
        customsOffice: o.customsOffice,
        recordNumber: o.recordNumber,
        refundDate: o.refundDate,
        paidAmount: o.paidAmount,
        paidMethod: o.paidMethod,
      }),
    );
  });

program
  .command('user:reset-password')
  .description("Set a user's password; the user must change it at the next login")
  .requiredOption('--account-no <number>', 'account number of the retailer')
  .requiredOption('--username <name>', 'username')
  .requiredOption('--password <password>', 'new password (8 to 128 characters)')
  .action(async (o: Record<string, string>) => {
    console.log(
      await execute('user:reset-password', {
        accountNo: o.accountNo!,
        username: o.username!,
        password: o.password!,
      }),
    );
  });

program
  .command('settings:set')
  .description(
    "Change a retailer's settings: invoices, required fields, products mode, Croatia mode, VAT rates, refund methods and tiers",
  )
  .requiredOption('--account-no <number>', 'account number of the retailer')
  .requiredOption(
    '--set <key=value>',
    `a setting to change (repeatable); keys: ${SETTING_KEYS.join(', ')}`,
    (value: string, previous: string[]) => [...previous, value],
    [] as string[],
  )
  .addHelpText(
    'after',
    `
Examples:
  npm run cli -- settings:set --account-no 100100 --set general.multiple_invoice_required=1
  npm run cli -- settings:set --account-no 100100 --set company.ushopSetting=false --set vat.product_rates=20,10
  npm run cli -- settings:set --account-no 100100 --set 'refund.tiers=[{"from":0,"to":null,"percentage":70}]'`,
  )
  .action(async (o: { accountNo: string; set: string[] }) => {
    console.log(await execute('settings:set', { accountNo: o.accountNo, assignments: o.set }));
  });

try {
  if (process.argv.length <= 2) {
    program.outputHelp();
    process.exit(2);
  }
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end here with code 0; usage errors were already printed.
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  if (error instanceof CommandError || error instanceof ConfigError) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
