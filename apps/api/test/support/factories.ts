import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { formSearchText } from '../../src/db/form-search-text.ts';
import { companies, formStages, taxForms, users } from '../../src/db/schema/index.ts';
import { createRetailer } from '../../src/cli/commands.ts';
import { centsToAmount, dayIn, lineFromGross } from '@taxfree/domain';

export type Retailer = {
  accountNo: string;
  username: string;
  password: string;
  companyId: number;
  branchId: number;
  userId: number;
  email: string;
  /** The company's time zone: the server's "today" for this shop. */
  timeZone: string;
};

/** The zone of a shop made with the fixtures' default country, Croatia. */
const FIXTURE_TIME_ZONE = 'Europe/Zagreb';

/** An address and a VAT number (its check digit right) in each country the portal serves. */
export const LEGAL_IDENTITIES: Record<string, { address: string; vatNumber: string }> = {
  HR: { address: 'Ilica 12, 10000 Zagreb', vatNumber: 'HR69435151530' },
  SI: { address: 'Čopova ulica 5, 1000 Ljubljana', vatNumber: 'SI58347887' },
  RS: { address: 'Knez Mihailova 10, 11000 Beograd', vatNumber: '104708953' },
  BA: { address: 'Ferhadija 7, 71000 Sarajevo', vatNumber: '200123450009' },
};

/**
 * A retailer with one user, created by the same code as the operators' command. Its company has a
 * legal identity valid in its country, so it may issue forms, unless `legalIdentity` is false:
 * then it has only its legal name (the company's name), as a shop created without the flags.
 */
export async function createRetailerFixture(
  db: Db,
  options: {
    mustChangePassword?: boolean;
    email?: string;
    country?: string;
    legalIdentity?: boolean;
  } = {},
): Promise<Retailer> {
  const accountNo = String(200_000 + crypto.randomInt(700_000));
  const username = `clerk${crypto.randomInt(1_000_000)}`;
  const password = `pass-${crypto.randomBytes(6).toString('hex')}`;
  const email = options.email ?? `${username}@shop.example`;
  const country = options.country ?? 'HR';
  await createRetailer(db, {
    accountNo,
    username,
    password,
    company: `Shop ${accountNo}`,
    branch: `Branch ${accountNo}`,
    country,
    ...(options.legalIdentity !== false && LEGAL_IDENTITIES[country.toUpperCase()]),
  });
  const [row] = await db
    .select({
      companyId: users.companyId,
      branchId: users.branchId,
      userId: users.id,
      timeZone: companies.timeZone,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(companies.accountNo, accountNo), eq(users.username, username)));
  await db
    .update(users)
    .set({ email, mustChangePassword: options.mustChangePassword ?? false })
    .where(eq(users.id, row!.userId));
  return { accountNo, username, password, email, ...row! };
}

export async function login(
  app: FastifyInstance,
  retailer: Pick<Retailer, 'accountNo' | 'username' | 'password'>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/authorization',
    payload: {
      accountno: retailer.accountNo,
      username: retailer.username,
      password: retailer.password,
    },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ data: { token: string } }>().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs the session of `token` out through `app`. */
export const logout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'DELETE', url: '/api/v2/authorization', headers: bearer(token) });

export type FormFixture = {
  barcode: string;
  name?: string;
  surname?: string;
  email?: string;
  passport?: string;
  invoiceReference?: string;
  createdAt?: Date;
  stages?: string[];
  cancelled?: boolean;
  /** The last day the goods may leave (yyyy-mm-dd); none by default. */
  exportDeadline?: string;
  grossCents?: number;
  vatCents?: number;
};

/** A form written straight to the tables, for the read-side tests. */
export async function createFormFixture(
  db: Db,
  shop: Pick<Retailer, 'companyId' | 'branchId' | 'userId' | 'timeZone'>,
  form: FormFixture,
) {
  const createdAt = form.createdAt ?? new Date();
  const stages = form.stages ?? ['FORM_SUBMITTED'];
  const gross = form.grossCents ?? 12_500;
  const vat = form.vatCents ?? 2_500;
  const money = (cents: number) => (cents / 100).toFixed(2);
  const [row] = await db
    .insert(taxForms)
    .values({
      companyId: shop.companyId,
      branchId: shop.branchId,
      barcode: form.barcode,
      status: stages.at(-1)!,
      travelerName: form.name ?? 'Wei',
      travelerSurname: form.surname ?? 'Zhang',
      travelerEmail: form.email ?? null,
      passport: form.passport ?? `P${form.barcode.slice(-7)}`,
      issuedGovt: 42,
      dateOfSales: dayIn(shop.timeZone, createdAt),
      exportDeadline: form.exportDeadline ?? null,
      methodOfRefund: 'option5',
      invoiceReferenceNumber: form.invoiceReference ?? null,
      searchText: formSearchText({
        barcode: form.barcode,
        travelerName: form.name ?? 'Wei',
        travelerSurname: form.surname ?? 'Zhang',
        travelerEmail: form.email,
        passport: form.passport ?? `P${form.barcode.slice(-7)}`,
        invoiceReferenceNumber: form.invoiceReference,
      }),
      grossAmount: money(gross),
      grossSalesPrice: money(gross),
      vatAmount: money(vat),
      netAmount: money(gross - vat),
      refundAmount: money(vat),
      customerRefund: money(vat),
      cancelled: form.cancelled ?? false,
      ilr: stages.length === 1 && !form.cancelled,
      createdBy: shop.userId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: taxForms.id });
  await db.insert(formStages).values(
    stages.map((stage, k) => ({
      companyId: shop.companyId,
      taxFormId: row!.id,
      stage,
      createdAt: new Date(createdAt.getTime() + k * 60_000),
    })),
  );
  return row!.id;
}

/**
 * A valid issue payload: a card refund and one invoice, 100.00 net at 25 % and 20.00 net at 13 %,
 * sold `today` (by default the shop's today in FIXTURE_TIME_ZONE). `invoice` replaces the invoices;
 * `taxform` fields override the traveller and refund.
 */
export function issuePayload(
  overrides: { taxform?: Record<string, unknown>; invoice?: unknown[]; today?: string } = {},
) {
  const today = overrides.today ?? dayIn(FIXTURE_TIME_ZONE);
  return {
    taxform: {
      traveler_name: 'Wei',
      traveler_surname: 'Zhang',
      traveler_email: 'wei.zhang@mail.example',
      traveler_mobile: '+86 138 0013 8000',
      passport: 'E12345678',
      issued_govt: 42,
      nationality: 42,
      traveler_dob: '1985-03-02',
      traveler_postcode: '',
      traveler_address: '1 Chang An Avenue, Beijing',
      items: 'Wool coat',
      date_arrived: '',
      date_leaving: '',
      country_final: null,
      date_of_sales: today,
      invoice_date: '',
      method_of_shipment: 'Carried by the traveller',
      freight_forward_name: '',
      freight_forward_address: '',
      method_of_refund: 'option2',
      acc_details: '4111 1111 1111 1111',
      email_or_mobile: '',
      iban: '',
      swift: '',
      bank_name: '',
      bank_address: '',
      invoice_reference_number: '',
      no_auto_calculation: 0,
      ...overrides.taxform,
    },
    invoice: overrides.invoice ?? [
      {
        invoice_date: today,
        invoice_reference_number: 'R-2026-77',
        customer_refund: 27.6,
        gross_sales_price: 147.6,
        refund_amount: 27.6,
        vat_amount: 27.6,
        vat_product_rate: 25,
        breakdown: [
          {
            vat_product_rate: 25,
            net_sales_amount: 100,
            vat_amount: 25,
            gross_sales_price: 125,
            customer_refund: 25,
          },
          {
            vat_product_rate: 13,
            net_sales_amount: 20,
            vat_amount: 2.6,
            gross_sales_price: 22.6,
            customer_refund: 2.6,
          },
        ],
      },
    ],
    products: [],
  };
}

/**
 * An invoice of one line per `{ rate, gross }` (gross in cents), its VAT and totals as the server
 * computes them from gross amounts, the refund the whole VAT.
 */
export function invoiceOfLines(
  number: string,
  date: string,
  lines: { rate: number; gross: number }[],
) {
  const computed = lines.map((l) => lineFromGross(l.gross, l.rate));
  const sum = (key: 'gross' | 'vat') => centsToAmount(computed.reduce((s, l) => s + l[key], 0));
  return {
    invoice_date: date,
    invoice_reference_number: number,
    customer_refund: sum('vat'),
    gross_sales_price: sum('gross'),
    refund_amount: sum('vat'),
    vat_amount: sum('vat'),
    vat_product_rate: lines[0]!.rate,
    breakdown: computed.map((l) => ({
      vat_product_rate: l.rate,
      net_sales_amount: centsToAmount(l.net),
      vat_amount: centsToAmount(l.vat),
      gross_sales_price: centsToAmount(l.gross),
      customer_refund: centsToAmount(l.vat),
    })),
  };
}
