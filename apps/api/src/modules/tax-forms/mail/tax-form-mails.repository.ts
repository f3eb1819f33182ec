import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { formSearchText } from '../../../db/form-search-text.ts';
import { companies, formMails, formStages, invoices, taxForms } from '../../../db/schema/index.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/** What a form's e-mail to its traveller is about. */
export type FormMailKind = 'issued' | 'validated' | 'refunded' | 'resent';

/** A queued e-mail, as the worker takes it. */
export type FormMailRow = {
  id: number;
  companyId: number;
  taxFormId: number;
  kind: FormMailKind;
  recipient: string;
  language: string;
  /** This attempt's number: 1 for the first. */
  attempts: number;
  userId: number | null;
};

/**
 * Queues an e-mail to the form's traveller in the caller's transaction, so that it exists exactly
 * when the change it tells of does. A form without an address queues nothing (null). The
 * recipient and language are the form's at this moment; `recipient` overrides the address.
 */
export async function queueFormMail(
  tx: Tx,
  mail: {
    companyId: number;
    formId: number;
    kind: FormMailKind;
    userId: number | null;
    recipient?: string;
  },
): Promise<number | null> {
  const recipient = mail.recipient ?? null;
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into ${formMails} (company_id, tax_form_id, kind, recipient, language, user_id)
        select company_id, id, ${mail.kind}, coalesce(${recipient}::text, traveler_email),
               coalesce(traveller_language, 'en'), ${mail.userId}::int
        from ${taxForms}
        where company_id = ${mail.companyId} and id = ${mail.formId}
          and coalesce(${recipient}::text, traveler_email, '') <> ''
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Takes the next e-mail due at `now`, if any: its attempt is counted and it is leased until
 * `leaseUntil`, committed at once, so that no other process takes it meanwhile (SKIP LOCKED: two
 * workers never wait for each other nor take the same row) and one that dies while sending leaves
 * it to be taken again when the lease ends.
 */
export async function claimDueMail(
  db: Db,
  at: { now: Date; leaseUntil: Date },
): Promise<FormMailRow | null> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`update ${formMails}
        set attempts = attempts + 1, next_attempt_at = ${at.leaseUntil.toISOString()}::timestamptz
        where id = (
          select id from ${formMails}
          where status = 'pending' and next_attempt_at <= ${at.now.toISOString()}::timestamptz
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning id, company_id, tax_form_id, kind, recipient, language, attempts, user_id`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    taxFormId: Number(row.tax_form_id),
    kind: row.kind as FormMailKind,
    recipient: String(row.recipient),
    language: String(row.language),
    attempts: Number(row.attempts),
    userId: row.user_id === null ? null : Number(row.user_id),
  };
}

/** The attempt's end: sent, to be tried again at `retryAt`, or given up (`retryAt` null). */
export async function finishMailAttempt(
  tx: Tx,
  id: number,
  outcome: { sentAt: Date } | { error: string; retryAt: Date | null },
): Promise<void> {
  const set =
    'sentAt' in outcome
      ? { status: 'sent', sentAt: outcome.sentAt, lastError: null }
      : outcome.retryAt
        ? { lastError: outcome.error, nextAttemptAt: outcome.retryAt }
        : { status: 'failed', lastError: outcome.error };
  await tx.update(formMails).set(set).where(eq(formMails.id, id));
}

/** What a form's e-mail says: the form, its shop, and the stage the e-mail tells of. */
export async function findMailContent(db: Db, mail: FormMailRow) {
  const [form] = await db
    .select({
      id: taxForms.id,
      branchId: taxForms.branchId,
      barcode: taxForms.barcode,
      verificationCode: taxForms.verificationCode,
      travelerName: taxForms.travelerName,
      travelerSurname: taxForms.travelerSurname,
      customerRefund: taxForms.customerRefund,
      exportDeadline: taxForms.exportDeadline,
      cancelled: taxForms.cancelled,
      shop: companies.name,
      currency: companies.currency,
      country: companies.country,
      timeZone: companies.timeZone,
    })
    .from(taxForms)
    .innerJoin(companies, eq(companies.id, taxForms.companyId))
    .where(and(eq(taxForms.companyId, mail.companyId), eq(taxForms.id, mail.taxFormId)))
    .limit(1);
  if (!form) return null;
  const stage =
    mail.kind === 'validated'
      ? 'FORM_VALIDATED'
      : mail.kind === 'refunded'
        ? 'FORM_REFUNDED'
        : null;
  const [step] = stage
    ? await db
        .select({
          exportDate: formStages.exportDate,
          refundDate: formStages.refundDate,
          paidAmount: formStages.paidAmount,
          createdAt: formStages.createdAt,
        })
        .from(formStages)
        .where(
          and(
            eq(formStages.companyId, mail.companyId),
            eq(formStages.taxFormId, mail.taxFormId),
            eq(formStages.stage, stage),
          ),
        )
        .orderBy(desc(formStages.createdAt))
        .limit(1)
    : [];
  return { form, step: step ?? null };
}

export type FormMailContent = NonNullable<Awaited<ReturnType<typeof findMailContent>>>;

/**
 * Gives the form a new traveller's address (the shop corrected or added it to send the form):
 * a new version, whose next print shows it, and the search finds it.
 */
export async function changeTravellerEmail(
  tx: Tx,
  tenant: Tenant,
  form: {
    id: number;
    barcode: string;
    travelerName: string;
    travelerSurname: string;
    passport: string;
    invoiceReferenceNumber: string | null;
  },
  email: string,
): Promise<void> {
  const references = await tx
    .select({ reference: invoices.invoiceReferenceNumber })
    .from(invoices)
    .where(and(eq(invoices.companyId, tenant.companyId), eq(invoices.taxFormId, form.id)))
    .orderBy(asc(invoices.position));
  await tx
    .update(taxForms)
    .set({
      travelerEmail: email,
      searchText: formSearchText({
        ...form,
        travelerEmail: email,
        invoiceReferences: references.map((row) => row.reference),
      }),
      version: sql`${taxForms.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(taxForms.companyId, tenant.companyId),
        eq(taxForms.branchId, tenant.branchId),
        eq(taxForms.id, form.id),
      ),
    );
}
