import fs from 'node:fs';
import { count, sql } from 'drizzle-orm';
import {
  COUNTRY_RULES,
  countryVatSetting,
  dayIn,
  excludedGoodsCategories,
  exportDeadline,
  findCountryRules,
  fromCents,
  makeBarcode,
  vatOfNet,
  type GeneralSetting,
  type RefundCalculationSetting,
  type TaxFreeSetting,
  type VatSetting,
} from '@taxfree/domain';
import { queryRows, type Db, type Tx } from '../client.ts';
import { formSearchText } from '../form-search-text.ts';
import {
  barcodeSerial,
  branches,
  breakdownLines,
  countries,
  cancellations,
  companies,
  formStages,
  galleryItems,
  invoices,
  productCategories,
  promotionCategories,
  promotions,
  settings,
  taxForms,
  travellers,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { FileStore } from '../../lib/files/file-store.ts';
import { storeFile } from '../../lib/stored-files.ts';
import { DEMO_IMAGES, demoImagePath } from './demo-images.ts';

export const DEMO_ACCOUNT = {
  accountNo: '100100',
  username: 'demo',
  password: 'demo1234',
} as const;

/** The demo shop is Croatian: Croatia's law, currency and rates, its days Zagreb's, not UTC's. */
const DEMO_COUNTRY = COUNTRY_RULES.HR;

export const DEMO_SETTINGS = {
  general: {
    refund_methods: 'option2,option3,option5,option6',
    multiple_invoice_required: 0,
    invoice_ref_no_required: 1,
    refund_calculation_with_net_amount_is_from: 0,
  } satisfies GeneralSetting,
  taxFree: {
    traveler_email_id_required: 0,
    nationality_in_issue_form: 1,
    traveler_dob_required: 0,
    traveler_postcode_required: 0,
    purchase_details_required: 1,
    final_destination_fields_required: 0,
    method_of_shipment_required: 1,
    refund_addition_fields_mandatory: 0,
    products_in_tfs_form: 0,
  } satisfies TaxFreeSetting,
  vat: {
    ...countryVatSetting(DEMO_COUNTRY),
    purchase_amount_type: 'GROSS_AMOUNT',
  } satisfies VatSetting,
  refund: { source: 'VAT_AMOUNT', tiers: [] } satisfies RefundCalculationSetting,
};

/** Travellers from outside the EU, with the letters their names really have. */
const TRAVELLERS = [
  ['Aleksandar', 'Petrović', 'RS', 'RS'],
  ['Emina', 'Hodžić', 'BA', 'BA'],
  ['Wei', 'Zhang', 'CN', 'CN'],
  ['Mehmet', 'Yılmaz', 'TR', 'TR'],
  ['Yuki', 'Tanaka', 'JP', 'JP'],
  ['Jürg', 'Müller', 'CH', 'CH'],
  ['Kateryna', 'Shevchenko', 'UA', 'UA'],
  ['Sophie', 'Tremblay', 'CA', 'CA'],
  ['Oliver', 'Jones', 'GB', 'GB'],
  ['Lars', 'Ødegård', 'NO', 'NO'],
  ['Đorđe', 'Nikolić', 'RS', 'ME'],
  ['Amra', 'Čaušević', 'BA', 'BA'],
  ['Sarah', 'Goldberg', 'US', 'US'],
  ['Ji-woo', 'Park', 'KR', 'KR'],
  ['Priya', 'Sharma', 'IN', 'IN'],
  ['Mateus', 'Gonçalves', 'BR', 'BR'],
  ['Fatima', 'Al-Mansouri', 'AE', 'AE'],
  ['Þóra', 'Sigurðardóttir', 'IS', 'IS'],
] as const;

const SHOPS = [
  'Leather handbag',
  'Wool coat',
  'Silk scarf and gloves',
  'Watch',
  'Shoes',
  'Perfume set',
];
const STAGES = ['FORM_SUBMITTED', 'FORM_VALIDATED', 'FORM_COLLECTED', 'FORM_REFUNDED'] as const;
/** Croatian customs offices at the exits travellers take (airports, the road east, a port). */
const CUSTOMS_OFFICES = [
  'Carinska ispostava Zračna luka Zagreb',
  'Carinska ispostava Bajakovo',
  'Carinska ispostava Zračna luka Split',
  'Carinska ispostava Dubrovnik',
] as const;
const REFUND_METHODS = ['option2', 'option3', 'option5', 'option6'] as const;

const isoDate = (date: Date) => dayIn(DEMO_COUNTRY.timeZone, date);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo retailer of the Contract: account 100100, user demo / demo1234, Croatia mode on,
 * rates 25/13/5, four refund methods, forms in every stage over the last two months, and a few
 * promotions and gallery items with real images.
 */
export async function seedDemo(tx: Tx, files: FileStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);

  {
    const [company] = await tx
      .insert(companies)
      .values({
        accountNo: DEMO_ACCOUNT.accountNo,
        name: 'Jadran Moda d.o.o.',
        legalName: 'Jadran Moda d.o.o.',
        country: DEMO_COUNTRY.country,
        timeZone: DEMO_COUNTRY.timeZone,
        ushopSetting: String(DEMO_COUNTRY.hasCroatiaMode),
        currency: DEMO_COUNTRY.currency,
        vatNumber: 'HR69435151530',
        address: 'Ilica 12, 10000 Zagreb, Hrvatska',
      })
      .returning({ id: companies.id });
    const companyId = company!.id;

    const [branch] = await tx
      .insert(branches)
      .values({
        companyId,
        branchName: 'Jadran Moda – Ilica',
        website: 'https://jadran-moda.example',
        description: 'Fashion, leather goods and accessories in the heart of Zagreb.',
        location: JSON.stringify({ latitude: 45.8131, longitude: 15.9719 }),
        productCategory: 'CLOTHING,LEATHER',
        address: 'Ilica 12',
        city: 'Zagreb',
        postcode: '10000',
        phone: '+385 1 4833 210',
        email: 'ilica@jadran-moda.example',
      })
      .returning({ id: branches.id });
    const branchId = branch!.id;

    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        branchId,
        username: DEMO_ACCOUNT.username,
        passwordHash,
        name: 'Ana Kovačević',
        email: 'demo@jadran-moda.example',
        mobile: '+385 91 555 0100',
        country: DEMO_COUNTRY.country,
        mustChangePassword: false,
      })
      .returning({ id: users.id });
    const userId = user!.id;

    await tx.insert(settings).values({
      companyId,
      generalSetting: DEMO_SETTINGS.general,
      taxFreeSetting: DEMO_SETTINGS.taxFree,
      vatSetting: DEMO_SETTINGS.vat,
      refundCalculationSetting: DEMO_SETTINGS.refund,
    });
    await seedCatalogues(tx, companyId, DEMO_COUNTRY.country);
    await seedForms(tx, companyId, branchId, userId);
    await seedContent(tx, files, companyId, branchId);
  }
}

/**
 * A new company's product categories and promotion audiences. Where its country (ISO 3166-1
 * alpha-2) excludes goods from refunds, the categories name them, so that the clerk who picks one
 * is told before issuing.
 */
export async function seedCatalogues(
  tx: Tx | Db,
  companyId: number,
  country: string,
): Promise<void> {
  const rules = findCountryRules(country);
  await tx.insert(productCategories).values([
    ...[
      ['CLOTHING', 'Clothing'],
      ['LEATHER', 'Leather goods'],
      ['SHOES', 'Shoes'],
      ['JEWELLERY', 'Jewellery and watches'],
      ['COSMETICS', 'Cosmetics and perfume'],
      ['ELECTRONICS', 'Electronics'],
      ['SOUVENIRS', 'Souvenirs'],
    ].map(([code, name]) => ({ companyId, code: code!, name: name! })),
    ...(rules ? excludedGoodsCategories(rules) : []).map((category) => ({
      companyId,
      ...category,
    })),
  ]);
  await tx.insert(promotionCategories).values(
    [
      ['fashion', 'Fashion lovers'],
      ['luxury', 'Luxury shoppers'],
      ['tech', 'Tech enthusiasts'],
      ['souvenirs', 'Souvenir hunters'],
      ['families', 'Families'],
    ].map(([value, label]) => ({ companyId, value: value!, label: label! })),
  );
}

async function nextSerials(tx: Tx, count: number): Promise<number[]> {
  const rows = await queryRows<{ serial: string }>(
    tx,
    sql`select nextval(${`${barcodeSerial.schema ?? 'public'}.${barcodeSerial.seqName}`}::regclass)::text as serial
        from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.serial)).sort((a, b) => a - b);
}

const FORM_COUNT = 36;

type DemoForm = {
  i: number;
  barcode: string;
  soldAt: Date;
  stage: (typeof STAGES)[number];
  cancelled: boolean;
  invoiceReference: string;
  lines: { rate: number; net: number; vat: number; gross: number }[];
  totals: { net: number; vat: number; gross: number };
};

/** Forms in every stage over the last two months, written in a few batched statements. */
async function seedForms(tx: Tx, companyId: number, branchId: number, userId: number) {
  const countryIds = new Map(
    (await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries)).map(
      (r) => [r.iso2, r.id] as const,
    ),
  );
  const country = (iso2: string) => countryIds.get(iso2) ?? 42;
  const rates = DEMO_COUNTRY.vatRates;
  const serials = await nextSerials(tx, FORM_COUNT);

  const people = TRAVELLERS.map(([name, surname, issuing, nationality], k) => ({
    name,
    surname,
    issuing,
    nationality,
    email:
      `${name}.${surname}`
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z.]/g, '') + '@mail.example',
    mobile: `+${380 + k} 60 ${String(1_000_000 + k * 4_321).slice(-7)}`,
    passport: `${issuing}${String(4_810_000 + k * 7_919).slice(-7)}`,
    address: `${10 + k} Main Street, ${issuing}`,
  }));
  const travellerRows = await tx
    .insert(travellers)
    .values(
      people.map((p, k) => ({
        companyId,
        name: p.name,
        surname: p.surname,
        email: p.email,
        mobile: p.mobile,
        passport: p.passport,
        issuedGovt: country(p.issuing),
        nationality: country(p.nationality),
        dateOfBirth: `${1960 + ((k * 7) % 45)}-${String((k % 12) + 1).padStart(2, '0')}-${String((k % 27) + 1).padStart(2, '0')}`,
        address: p.address,
      })),
    )
    .returning({ id: travellers.id, passport: travellers.passport });
  const travellerId = new Map(travellerRows.map((r) => [r.passport, r.id]));

  const forms: DemoForm[] = Array.from({ length: FORM_COUNT }, (_, i) => {
    const lines = (i % 3 === 0 ? [0, 1] : [0]).map((k) => {
      const rate = rates[(i + k) % 3]!;
      // Above Croatia's minimum of 100.00 EUR with VAT on every invoice, even at 5 %.
      const net = 10_000 + ((i * 7_331 + k * 2_113) % 60_000);
      const vat = vatOfNet(net, rate);
      return { rate, net, vat, gross: net + vat };
    });
    return {
      i,
      barcode: makeBarcode(companyId, serials[i]!),
      soldAt: daysAgo(i < 4 ? 0 : Math.floor((i * 53) % 58) + 1),
      stage: i < 10 ? STAGES[0] : STAGES[i % 4]!,
      cancelled: i === 3 || i === 17,
      invoiceReference: `R-2026-${String(1_000 + i).padStart(5, '0')}`,
      lines,
      totals: lines.reduce(
        (t, l) => ({ net: t.net + l.net, vat: t.vat + l.vat, gross: t.gross + l.gross }),
        { net: 0, vat: 0, gross: 0 },
      ),
    };
  });

  const formRows = await tx
    .insert(taxForms)
    .values(
      forms.map((f) => {
        const p = people[f.i % people.length]!;
        const method = REFUND_METHODS[f.i % 4]!;
        return {
          companyId,
          branchId,
          travellerId: travellerId.get(p.passport),
          barcode: f.barcode,
          status: f.stage,
          travelerName: p.name,
          travelerSurname: p.surname,
          travelerEmail: p.email,
          travelerMobile: p.mobile,
          passport: p.passport,
          issuedGovt: country(p.issuing),
          nationality: country(p.nationality),
          travelerAddress: p.address,
          items: SHOPS[f.i % SHOPS.length],
          dateArrived: isoDate(daysAgo(70)),
          dateLeaving: isoDate(new Date(f.soldAt.getTime() + 5 * 86_400_000)),
          countryFinal: country(p.nationality),
          residenceCountry: country(p.issuing),
          dateOfSales: isoDate(f.soldAt),
          invoiceDate: isoDate(f.soldAt),
          exportDeadline: exportDeadline(DEMO_COUNTRY.exportDeadline, isoDate(f.soldAt)),
          methodOfShipment: 'Carried by the traveller',
          methodOfRefund: method,
          emailOrMobile: method === 'option3' ? p.email : null,
          invoiceReferenceNumber: f.invoiceReference,
          searchText: formSearchText({
            barcode: f.barcode,
            travelerName: p.name,
            travelerSurname: p.surname,
            travelerEmail: p.email,
            passport: p.passport,
            invoiceReferenceNumber: f.invoiceReference,
          }),
          grossSalesPrice: fromCents(f.totals.gross),
          grossAmount: fromCents(f.totals.gross),
          netAmount: fromCents(f.totals.net),
          vatAmount: fromCents(f.totals.vat),
          refundAmount: fromCents(f.totals.vat),
          customerRefund: fromCents(f.totals.vat),
          cancelled: f.cancelled,
          ilr: f.stage === 'FORM_SUBMITTED' && !f.cancelled,
          createdBy: userId,
          createdAt: f.soldAt,
          updatedAt: f.soldAt,
        };
      }),
    )
    .returning({ id: taxForms.id, barcode: taxForms.barcode });
  const formId = new Map(formRows.map((r) => [r.barcode, r.id]));

  const invoiceRows = await tx
    .insert(invoices)
    .values(
      forms.map((f) => ({
        companyId,
        taxFormId: formId.get(f.barcode)!,
        position: 1,
        invoiceDate: isoDate(f.soldAt),
        invoiceReferenceNumber: f.invoiceReference,
        netAmount: fromCents(f.totals.net),
        vatAmount: fromCents(f.totals.vat),
        grossSalesPrice: fromCents(f.totals.gross),
        refundAmount: fromCents(f.totals.vat),
        customerRefund: fromCents(f.totals.vat),
        vatProductRate: String(f.lines[0]!.rate),
      })),
    )
    .returning({ id: invoices.id, taxFormId: invoices.taxFormId });
  const invoiceId = new Map(invoiceRows.map((r) => [r.taxFormId, r.id]));

  await tx.insert(breakdownLines).values(
    forms.flatMap((f) => {
      const taxFormId = formId.get(f.barcode)!;
      return f.lines.map((l, k) => ({
        companyId,
        taxFormId,
        invoiceId: invoiceId.get(taxFormId)!,
        position: k + 1,
        vatProductRate: String(l.rate),
        netSalesAmount: fromCents(l.net),
        vatAmount: fromCents(l.vat),
        grossSalesPrice: fromCents(l.gross),
        customerRefund: fromCents(l.vat),
      }));
    }),
  );
  await tx.insert(formStages).values(
    forms.flatMap((f) =>
      STAGES.slice(0, STAGES.indexOf(f.stage) + 1).map((stage, k) => {
        // A stage every three days after the sale, none of them later than now.
        const at = new Date(Math.min(f.soldAt.getTime() + k * 3 * 86_400_000, Date.now()));
        return {
          companyId,
          taxFormId: formId.get(f.barcode)!,
          stage,
          userId: k === 0 ? userId : null,
          source: k === 0 ? 'portal' : 'operator',
          createdAt: at,
          ...(stage === 'FORM_VALIDATED' && {
            exportDate: isoDate(at),
            customsOffice: CUSTOMS_OFFICES[f.i % CUSTOMS_OFFICES.length],
            customsRecordNumber: `${at.getUTCFullYear()}-${String(40_000 + f.i * 137).padStart(6, '0')}`,
          }),
          ...(stage === 'FORM_REFUNDED' && {
            refundDate: isoDate(at),
            paidAmount: fromCents(f.totals.vat),
            paidMethod: REFUND_METHODS[f.i % 4],
          }),
        };
      }),
    ),
  );
  await tx.insert(cancellations).values(
    forms
      .filter((f) => f.cancelled)
      .map((f) => ({
        companyId,
        taxFormId: formId.get(f.barcode)!,
        cancelReason: 'Gave up in a hurry',
        userId,
        createdAt: new Date(f.soldAt.getTime() + 3_600_000),
      })),
  );
}

async function seedContent(tx: Tx, files: FileStore, companyId: number, branchId: number) {
  const names: string[] = [];
  const scratch = await files.scratch();
  try {
    for (const image of DEMO_IMAGES) {
      // The store takes its own copy: the shipped file stays where it is.
      const source = scratch.path(`${image}.jpg`);
      await fs.promises.copyFile(demoImagePath(image), source);
      names.push(
        await storeFile(
          tx,
          files,
          {
            companyId,
            kind: 'image',
            contentType: 'image/jpeg',
            extension: 'jpg',
            temporary: false,
          },
          source,
        ),
      );
    }
  } finally {
    await scratch.remove();
  }
  const today = new Date();
  await tx.insert(promotions).values([
    {
      companyId,
      branchId,
      title: 'Winter sale: 30 % off coats',
      description:
        'All wool and cashmere coats are 30 % off until the end of the month, and you still get your VAT back at the border.',
      image: names[0],
      startDate: isoDate(daysAgo(5)),
      endDate: isoDate(daysAgo(-25)),
      notificationSchedule: `${isoDate(daysAgo(-1))} 09:30:00`,
      shoppingBehavior: 'fashion,luxury',
      targetedNationality: 'USA,CAN,GBR',
    },
    {
      companyId,
      branchId,
      title: 'Tax free made simple',
      description:
        'Show your passport at the till and we fill in the PDV-P form for you in two minutes.',
      image: names[1],
      startDate: isoDate(daysAgo(30)),
      endDate: isoDate(daysAgo(-60)),
      notificationSchedule: `${isoDate(today)} 10:00:00`,
      shoppingBehavior: 'fashion,souvenirs,families',
      targetedNationality: 'BIH,SRB,MNE,TUR',
    },
    {
      companyId,
      branchId,
      title: 'New season collection',
      description: 'Spring colours have arrived: linen, silk and light leather.',
      image: names[2],
      startDate: isoDate(daysAgo(-10)),
      endDate: isoDate(daysAgo(-70)),
      notificationSchedule: `${isoDate(daysAgo(-10))} 08:00:00`,
      shoppingBehavior: 'fashion',
      targetedNationality: 'CHN,JPN,KOR',
    },
  ]);
  await tx.insert(galleryItems).values([
    {
      companyId,
      branchId,
      title: 'Our shop on Ilica',
      description: 'Two floors of fashion a few steps from Ban Jelačić Square.',
      image: names[3],
      startDate: isoDate(daysAgo(90)),
      endDate: isoDate(daysAgo(-275)),
    },
    {
      companyId,
      branchId,
      title: 'Leather goods',
      description: null,
      image: names[4],
      startDate: isoDate(daysAgo(20)),
      endDate: isoDate(daysAgo(-100)),
    },
    {
      companyId,
      branchId,
      title: 'Gift wrapping',
      description: 'Free gift wrapping for every purchase over 100 EUR.',
      image: names[5],
      startDate: isoDate(daysAgo(10)),
      endDate: isoDate(daysAgo(-50)),
    },
  ]);
}
