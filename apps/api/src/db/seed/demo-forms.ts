import { sql } from 'drizzle-orm';
import { exportDeadline, fromCents, makeBarcode, toCents, vatOfNet } from '@taxfree/domain';
import { queryRows, type Tx } from '../client.ts';
import { formSearchText } from '../form-search-text.ts';
import {
  auditLog,
  barcodeSerial,
  breakdownLines,
  countries,
  cancellations,
  formStages,
  invoices,
  taxForms,
  travellers,
} from '../schema/index.ts';
import {
  DEMO_COUNTRY,
  REFUND_METHODS,
  SHOPS,
  STAGES,
  TRAVELLERS,
  daysAgo,
  isoDate,
  type DemoForm,
} from './demo-data.ts';
import { CANCEL_REASON, cancelledAt, demoAudit, demoStamps } from './demo-history.ts';

async function nextSerials(tx: Tx, count: number): Promise<number[]> {
  const rows = await queryRows<{ serial: string }>(
    tx,
    sql`select nextval(${`${barcodeSerial.schema ?? 'public'}.${barcodeSerial.seqName}`}::regclass)::text as serial
        from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.serial)).sort((a, b) => a - b);
}

const FORM_COUNT = 36;

/** How an e-mail address spells the letters that are not an accented Latin letter. */
const LATIN_SPELLING: Record<string, string> = {
  đ: 'dj',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
};

/** Forms in every stage over the last two months, written in a few batched statements. */
export async function seedForms(tx: Tx, companyId: number, branchId: number, userId: number) {
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
        // Letters no accent can be taken from: Đorđe is djordje, Yılmaz yilmaz, Þóra thora.
        .replace(/[đıłøæßþð]/g, (letter) => LATIN_SPELLING[letter] ?? letter)
        .normalize('NFKD')
        .replace(/[^a-z.-]/g, '') + '@mail.example',
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
      // Only a form not yet stamped may be cancelled (lifecycle.rules.ts).
      cancelled: i === 3 || i === 16,
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
  const stamps = forms.flatMap((f) => demoStamps(f, formId.get(f.barcode)!));
  await tx.insert(formStages).values(
    stamps.map(({ taxFormId, stage, at, details }) => ({
      companyId,
      taxFormId,
      stage,
      userId: stage === STAGES[0] ? userId : null,
      source: stage === STAGES[0] ? 'portal' : 'operator',
      createdAt: at,
      ...(details && {
        exportDate: details.export_date,
        customsOffice: details.customs_office,
        customsRecordNumber: details.customs_record_number,
        refundDate: details.refund_date,
        paidAmount:
          details.paid_amount === undefined ? undefined : fromCents(toCents(details.paid_amount)),
        paidMethod: details.paid_method,
      }),
    })),
  );
  await tx.insert(cancellations).values(
    forms
      .filter((f) => f.cancelled)
      .map((f) => ({
        companyId,
        taxFormId: formId.get(f.barcode)!,
        cancelReason: CANCEL_REASON,
        userId,
        createdAt: cancelledAt(f),
      })),
  );
  await tx.insert(auditLog).values(demoAudit({ companyId, userId, forms, formId, stamps }));
}
