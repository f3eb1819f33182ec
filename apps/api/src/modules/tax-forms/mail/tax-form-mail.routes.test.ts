import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { auditLog, countries, formMails, taxForms } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
let today: string;
let failing = false;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  // The mail server can be made to refuse, as a real one does when it is down.
  t = await createTestApp(
    { SMTP_URL: '' },
    {
      wrapMailer: (mailer) => ({
        send: async (mail) => {
          if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
          await mailer.send(mail);
        },
      }),
    },
  );
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

const url = (path: string, retailer: Retailer = shop) =>
  `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms${path}`;

async function issueForm(taxform: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: bearer(token),
    payload: issuePayload({ today, taxform }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; mimeType: string; content: Buffer }[];
};

/** Every e-mail in the outbox to `to`, oldest first, read back from its .eml file. */
async function outboxTo(to: string): Promise<ReceivedMail[]> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(outbox, file)));
    if (!parsed.to?.some((address) => address.address === to)) continue;
    mails.push({
      to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename,
        mimeType: a.mimeType,
        content: Buffer.from(a.content as ArrayBuffer),
      })),
    });
  }
  return mails;
}

/** Intl writes no-break spaces between an amount and its currency: compared as plain spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const pdfToText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();

const mailRows = (formId: number) =>
  t.database.db
    .select()
    .from(formMails)
    .where(eq(formMails.taxFormId, formId))
    .orderBy(asc(formMails.id));

const mailAudit = async (formId: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(formId)), eq(auditLog.action, 'form.mail')))
      .orderBy(asc(auditLog.id))
  ).map((entry) => ({ userId: entry.userId, entity: entry.entity, details: entry.details }));

const formRow = async (id: number) =>
  (await t.database.db.select().from(taxForms).where(eq(taxForms.id, id)))[0]!;

async function countryId(iso2: string) {
  const [row] = await t.database.db.select().from(countries).where(eq(countries.iso2, iso2));
  return row!.id;
}

describe('the e-mail at issue', () => {
  it('sends the traveller the form as PDF, in the traveller’s language, with the status link and code', async () => {
    const form = await issueForm({ traveler_email: 'anna@mail.example', traveller_language: 'de' });
    await t.app.formMails.runDue();

    const [mail, ...more] = await outboxTo('anna@mail.example');
    expect(more).toHaveLength(0);
    const { verificationCode } = await formRow(form.id);
    expect(mail!.subject).toBe(
      `Ihr Tax-Free-Formular Nr. ${form.barcode} von Shop ${shop.accountNo}`,
    );
    expect(mail!.text).toContain('Guten Tag Wei Zhang,');
    expect(spaced(mail!.text)).toContain('Ihre Mehrwertsteuererstattung beträgt 27,60 EUR.');
    // The link opens the status page in the e-mail's language.
    expect(mail!.text).toContain(
      `http://portal.test/#/status?barcode=${form.barcode}&code=${verificationCode}&lang=de\n`,
    );
    expect(mail!.text).toContain(`Prüfcode ${verificationCode}`);
    expect(mail!.html).toContain(
      `<a href="http://portal.test/#/status?barcode=${form.barcode}&#38;code=${verificationCode}&#38;lang=de">`,
    );

    expect(mail!.attachments).toHaveLength(1);
    const pdf = mail!.attachments[0]!;
    expect(pdf.mimeType).toBe('application/pdf');
    expect(pdf.filename).toBe(`${form.barcode}.pdf`);
    expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfToText(pdf.content);
    expect(text).toContain(form.barcode);
    expect(text).toContain('ELEKTRONIČKA KOPIJA / ELECTRONIC COPY');

    const [row] = await mailRows(form.id);
    expect(row).toMatchObject({ kind: 'issued', status: 'sent', attempts: 1, language: 'de' });
    expect(await mailAudit(form.id)).toEqual([
      {
        userId: shop.userId,
        entity: 'tax_form',
        details: { kind: 'issued', attempt: 1, outcome: 'sent', recipient: 'anna@mail.example' },
      },
    ]);
  });

  it('does not count the e-mailed form as a print: the clerk’s first print is the original', async () => {
    const form = await issueForm({ traveler_email: 'print.count@mail.example' });
    await t.app.formMails.runDue();
    expect(await outboxTo('print.count@mail.example')).toHaveLength(1);
    expect((await formRow(form.id)).printCount).toBe(0);

    const printed = await t.app.inject({
      url: url(`/download/${form.id}`),
      headers: bearer(token),
    });
    expect(printed.statusCode).toBe(200);
    const name = printed.json<{ data: string }>().data;
    const opened = await t.app.inject({ url: `/uploads/electronic/${name}` });
    expect(opened.statusCode).toBe(200);
    expect(pdfToText(opened.rawPayload)).not.toMatch(/COPY/);
    expect((await formRow(form.id)).printCount).toBe(1);
  });

  it('writes in the language of the traveller’s nationality when none is chosen, else in English', async () => {
    const swiss = await issueForm({
      traveler_email: 'swiss@mail.example',
      nationality: await countryId('CH'),
    });
    const chinese = await issueForm({
      traveler_email: 'chinese@mail.example',
      nationality: await countryId('CN'),
      issued_govt: await countryId('CN'),
    });
    const detail = (id: number) =>
      t.app
        .inject({ url: url(`/${id}`), headers: bearer(token) })
        .then((r) => r.json<{ data: { taxforms: { traveller_language: string | null } } }>());
    expect((await detail(swiss.id)).data.taxforms.traveller_language).toBe('de');
    expect((await detail(chinese.id)).data.taxforms.traveller_language).toBeNull();

    await t.app.formMails.runDue();
    const [toSwiss] = await outboxTo('swiss@mail.example');
    const [toChinese] = await outboxTo('chinese@mail.example');
    expect(toSwiss!.subject).toMatch(/^Ihr Tax-Free-Formular/);
    expect(toChinese!.subject).toBe(
      `Your tax-free form ${chinese.barcode} from Shop ${shop.accountNo}`,
    );
    // Each status link names the language its e-mail is written in.
    const linkLanguage = (text: string) => /#\/status\?\S*&lang=([a-z-]+)/.exec(text)?.[1];
    expect(linkLanguage(toSwiss!.text)).toBe('de');
    expect(linkLanguage(toChinese!.text)).toBe('en');
  });

  it('keeps the language an update chooses', async () => {
    const form = await issueForm({ traveler_email: 'update@mail.example' });
    const updated = await t.app.inject({
      method: 'POST',
      url: url(`/update/${form.id}`),
      headers: bearer(token),
      payload: issuePayload({
        today,
        taxform: { traveler_email: 'update@mail.example', traveller_language: 'fr' },
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await formRow(form.id)).travellerLanguage).toBe('fr');
    const resent = await t.app.inject({
      method: 'POST',
      url: url(`/${form.id}/mail`),
      headers: bearer(token),
    });
    expect(resent.statusCode).toBe(202);
    await t.app.formMails.runDue();
    const mails = await outboxTo('update@mail.example');
    // Issued to a traveller of Bosnia and Herzegovina (the payload's nationality): in Bosnian.
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Vaš obrazac za povrat PDV-a br. ${form.barcode} – Shop ${shop.accountNo}`,
      `Votre bordereau de détaxe n° ${form.barcode} – Shop ${shop.accountNo}`,
    ]);
  });

  it('queues nothing for a form without an e-mail address', async () => {
    const form = await issueForm({ traveler_email: '' });
    await t.app.formMails.runDue();
    expect(await mailRows(form.id)).toEqual([]);
    expect(await mailAudit(form.id)).toEqual([]);
  });

  it('refuses a language the portal does not speak', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url('/issue'),
      headers: bearer(token),
      payload: issuePayload({ today, taxform: { traveller_language: 'it' } }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a mail server that fails', () => {
  it('does not fail the issue; the e-mail is retried later and each attempt is audited', async () => {
    failing = true;
    try {
      const form = await issueForm({ traveler_email: 'retry@mail.example' });
      await t.app.formMails.runDue();
      const [pending] = await mailRows(form.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending!.lastError).toContain('ECONNREFUSED');
      const wait = pending!.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(30_000);
      expect(wait).toBeLessThanOrEqual(60_000);
      expect(await mailAudit(form.id)).toEqual([
        {
          userId: shop.userId,
          entity: 'tax_form',
          details: {
            kind: 'issued',
            attempt: 1,
            outcome: 'retry',
            recipient: 'retry@mail.example',
            error: 'connect ECONNREFUSED 127.0.0.1:25',
          },
        },
      ]);

      failing = false;
      // Not due yet: nothing is sent before its wait is over.
      expect(await t.app.formMails.runDue()).toBe(0);
      expect(await t.app.formMails.runDue({ now: new Date(Date.now() + 2 * 60_000) })).toBe(1);
      const [sent] = await mailRows(form.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect((await mailAudit(form.id)).map((entry) => entry.details)).toEqual([
        expect.objectContaining({ attempt: 1, outcome: 'retry' }),
        { kind: 'issued', attempt: 2, outcome: 'sent', recipient: 'retry@mail.example' },
      ]);
      expect(await outboxTo('retry@mail.example')).toHaveLength(1);
    } finally {
      failing = false;
    }
  });

  it('gives an e-mail up after its last attempt', async () => {
    failing = true;
    try {
      const form = await issueForm({ traveler_email: 'never@mail.example' });
      let now = Date.now();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await t.app.formMails.runDue({ now: new Date(now) });
        now += 7 * 3_600_000;
      }
      const [row] = await mailRows(form.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 6 });
      const outcomes = (await mailAudit(form.id)).map(
        (entry) => (entry.details as { outcome: string }).outcome,
      );
      expect(outcomes).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'failed']);
    } finally {
      failing = false;
    }
  });
});

describe('the e-mails after the counter', () => {
  it('tells the traveller of the customs validation and of the refund paid, without the PDF', async () => {
    const form = await issueForm({
      traveler_email: 'stages@mail.example',
      traveller_language: 'hr',
    });
    const step = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: url(`/${form.id}/stages`),
        headers: bearer(token),
        payload: body,
      });
    expect(
      (
        await step({
          stage: 'FORM_VALIDATED',
          export_date: today,
          customs_office: 'Carinska ispostava Zračna luka Zagreb',
          customs_record_number: 'HR-2026-004711',
        })
      ).statusCode,
    ).toBe(200);
    expect((await step({ stage: 'FORM_COLLECTED' })).statusCode).toBe(200);
    expect(
      (await step({ stage: 'FORM_REFUNDED', refund_date: today, paid_amount: 25 })).statusCode,
    ).toBe(200);
    await t.app.formMails.runDue();

    const mails = await outboxTo('stages@mail.example');
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Vaš obrazac za povrat PDV-a br. ${form.barcode} – Shop ${shop.accountNo}`,
      `Carina je potvrdila Vaš obrazac za povrat PDV-a br. ${form.barcode}`,
      `Povrat PDV-a za obrazac br. ${form.barcode} je isplaćen`,
    ]);
    const day = new Intl.DateTimeFormat('hr-HR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${today}T12:00:00Z`),
    );
    expect(spaced(mails[1]!.text)).toContain(`s datumom izvoza ${spaced(day)}\n`);
    expect(spaced(mails[1]!.text)).toContain('Povrat od 27,60 EUR je na putu do Vas.');
    expect(mails[1]!.attachments).toEqual([]);
    expect(spaced(mails[2]!.text)).toContain(`povrat od 25,00 EUR za Vaš obrazac`);
    expect(spaced(mails[2]!.text)).toContain(`isplaćen je ${spaced(day)}\n`);
    expect(mails[2]!.attachments).toEqual([]);
    // A traveller who read Croatian lands on the status page in Croatian, from each of them.
    for (const mail of mails) expect(mail.text).toContain('&lang=hr\n');
    const kinds = (await mailRows(form.id)).map((row) => [row.kind, row.status]);
    expect(kinds).toEqual([
      ['issued', 'sent'],
      ['validated', 'sent'],
      ['refunded', 'sent'],
    ]);
  });
});

describe('POST …/taxforms/{formId}/mail', () => {
  const send = (formId: number, body?: object, retailer: Retailer = shop) =>
    t.app.inject({
      method: 'POST',
      url: url(`/${formId}/mail`, retailer),
      headers: bearer(token),
      ...(body && { payload: body }),
    });

  it('sends the form again, with its PDF, and answers 202', async () => {
    const form = await issueForm({ traveler_email: 'again@mail.example' });
    const response = await send(form.id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'E-mail to the traveller queued',
      data: { recipient: 'again@mail.example' },
    });
    await t.app.formMails.runDue();
    const mails = await outboxTo('again@mail.example');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
    const rows = await mailRows(form.id);
    expect(rows.map((row) => [row.kind, row.status, row.userId])).toEqual([
      ['issued', 'sent', shop.userId],
      ['resent', 'sent', shop.userId],
    ]);
    expect((await formRow(form.id)).printCount).toBe(0);
  });

  it('queues one e-mail for a request sent twice with the same Idempotency-Key', async () => {
    const form = await issueForm({ traveler_email: 'once@mail.example' });
    const sendOnce = () =>
      t.app.inject({
        method: 'POST',
        url: url(`/${form.id}/mail`),
        headers: { ...bearer(token), 'idempotency-key': `resend-${form.id}` },
      });
    const first = await sendOnce();
    const second = await sendOnce();
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await mailRows(form.id)).map((row) => row.kind)).toEqual(['issued', 'resent']);
  });

  it('refuses a form without an address (409), and takes one given, keeping it on the form', async () => {
    const form = await issueForm({ traveler_email: '' });
    const refused = await t.app.inject({
      method: 'POST',
      url: url(`/${form.id}/mail`),
      headers: { ...bearer(token), 'accept-language': 'hr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FORM_NO_EMAIL',
      message: 'Obrazac nema adresu e-pošte putnika. Unesite je kako biste ga mogli poslati.',
    });
    expect(await mailRows(form.id)).toEqual([]);

    expect((await send(form.id, { email: 'not-an-address' })).statusCode).toBe(400);

    const given = await send(form.id, { email: 'late@mail.example' });
    expect(given.statusCode).toBe(202);
    expect(given.json().data.recipient).toBe('late@mail.example');
    expect((await formRow(form.id)).travelerEmail).toBe('late@mail.example');
    await t.app.formMails.runDue();
    expect(await outboxTo('late@mail.example')).toHaveLength(1);
  });

  it('answers 404 for another company’s form and 409 for a cancelled form', async () => {
    const other = await createRetailerFixture(t.database.db);
    const otherToken = await login(t.app, other);
    const theirs = await t.app.inject({
      method: 'POST',
      url: url('/issue', other),
      headers: bearer(otherToken),
      payload: issuePayload({ today }),
    });
    const theirId = theirs.json<{ data: { id: number } }>().data.id;
    expect((await send(theirId)).statusCode).toBe(404);

    const form = await issueForm({ traveler_email: 'cancelled@mail.example' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${form.id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Gave up in a hurry', cancel_comments: '' },
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await send(form.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FORM_MAIL_CANCELLED');
  });
});
