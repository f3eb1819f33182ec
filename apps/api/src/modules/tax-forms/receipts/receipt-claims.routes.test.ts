import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { createBranch } from '../../../cli/commands.ts';
import { branches } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

/** One receipt stands on one form that is not cancelled, across the company. */

let t: TestApp;
let shop: Retailer;
let other: Retailer;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  other = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  otherToken = await login(t.app, other);
});
afterAll(() => t.close());

const base = (retailer: Retailer) =>
  `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;

/** The fixture's form, its invoice being the receipt `receiptId` (none for ''). */
function withReceipt(receiptId: string, passport: string) {
  const payload = issuePayload({ today: dayIn(shop.timeZone), taxform: { passport } });
  const [invoice] = payload.invoice as Record<string, unknown>[];
  return { ...payload, invoice: [{ ...invoice, receipt_id: receiptId }] };
}

/** The fixture's form, its invoice's number typed by hand as `reference`, no receipt scanned. */
function withTypedNumber(reference: string, passport: string) {
  const payload = issuePayload({ today: dayIn(shop.timeZone), taxform: { passport } });
  const [invoice] = payload.invoice as Record<string, unknown>[];
  return {
    ...payload,
    invoice: [{ ...invoice, receipt_id: '', invoice_reference_number: reference }],
  };
}

const issue = (retailer: Retailer, bearerToken: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${base(retailer)}/issue`,
    headers: bearer(bearerToken),
    payload,
  });

const update = (formId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${base(shop)}/update/${formId}`,
    headers: bearer(token),
    payload,
  });

const cancel = (formId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${formId}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`,
    },
    payload: { cancel_reason: 'Other', cancel_comments: 'Issued twice' },
  });

const JIR = '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13';

describe('a receipt on a form', () => {
  it('is refused on a second form, naming the first, until the first is cancelled', async () => {
    const first = await issue(shop, token, withReceipt(JIR, 'RCPT0001'));
    expect(first.statusCode).toBe(200);
    const { id, barcode } = first.json().data;

    // The same receipt, its id written in capitals: the same receipt.
    const second = await issue(shop, token, withReceipt(JIR.toUpperCase(), 'RCPT0002'));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('RECEIPT_IN_USE');
    expect(second.json().message).toContain(barcode);
    const listed = await t.app.inject({
      url: `${base(shop)}?search=RCPT0002`,
      headers: bearer(token),
    });
    expect(listed.json().metadata.total).toBe(0);

    // Another company's receipts are its own.
    expect((await issue(other, otherToken, withReceipt(JIR, 'RCPT0003'))).statusCode).toBe(200);

    expect((await cancel(id)).statusCode).toBe(200);
    const again = await issue(shop, token, withReceipt(JIR, 'RCPT0002'));
    expect(again.statusCode).toBe(200);
  });

  it('stays with its form through an edit, and cannot be edited onto another form', async () => {
    const receipt = 'RQ4HG5TH-SG7KL2MN-14502';
    const held = await issue(shop, token, withReceipt(receipt, 'RCPT0010'));
    const plain = await issue(shop, token, withReceipt('', 'RCPT0011'));
    expect([held.statusCode, plain.statusCode]).toEqual([200, 200]);

    const kept = await update(held.json().data.id, withReceipt(receipt, 'RCPT0010'));
    expect(kept.statusCode).toBe(200);
    const detail = await t.app.inject({
      url: `${base(shop)}/${held.json().data.id}`,
      headers: bearer(token),
    });
    expect(detail.json().data.invoice[0].receipt_id).toBe(receipt);

    const taken = await update(plain.json().data.id, withReceipt(receipt, 'RCPT0011'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(held.json().data.barcode);

    // Edited away from its form, the receipt is free for another.
    expect((await update(held.json().data.id, withReceipt('', 'RCPT0010'))).statusCode).toBe(200);
    expect((await update(plain.json().data.id, withReceipt(receipt, 'RCPT0011'))).statusCode).toBe(
      200,
    );
  });

  it('is refused when its id is not one a receipt has, in the language asked for', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base(shop)}/issue`,
      headers: { ...bearer(token), 'accept-language': 'de' },
      payload: withReceipt('hello world', 'RCPT0050'),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([
      { field: 'invoice.0.receipt_id', message: expect.stringMatching(/Fiskalbeleg/) },
    ]);
  });

  it("is refused in the company's other branch too", async () => {
    await createBranch(t.database.db, { accountNo: shop.accountNo, name: 'Riva Split' });
    const [second] = await t.database.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.companyId, shop.companyId), eq(branches.branchName, 'Riva Split')));
    const receipt = '0123456789abcdef0123456789abcdef';
    const first = await issue(shop, token, withReceipt(receipt, 'RCPT0030'));
    expect(first.statusCode).toBe(200);
    const there = await issue(
      { ...shop, branchId: second!.id },
      token,
      withReceipt(receipt, 'RCPT0031'),
    );
    expect(there.statusCode).toBe(409);
    expect(there.json().message).toContain(first.json().data.barcode);
  });

  it("is held when typed as a Serbian receipt's number, which names one receipt only", async () => {
    const number = 'TY7PED00-SG7KL2MN-88';
    const scanned = await issue(shop, token, withReceipt(number, 'RCPT0040'));
    expect(scanned.statusCode).toBe(200);
    const typed = await issue(shop, token, withTypedNumber(number.toLowerCase(), 'RCPT0041'));
    expect(typed.statusCode).toBe(409);
    expect(typed.json().message).toContain(scanned.json().data.barcode);

    const other = 'TY7PED00-SG7KL2MN-89';
    expect((await issue(shop, token, withTypedNumber(other, 'RCPT0042'))).statusCode).toBe(200);
    expect((await issue(shop, token, withTypedNumber(other, 'RCPT0043'))).statusCode).toBe(409);
    // A number any shop may print again (Croatia's restart every year) is not held.
    for (const passport of ['RCPT0044', 'RCPT0045']) {
      expect((await issue(shop, token, withTypedNumber('15/ILICA/1', passport))).statusCode).toBe(
        200,
      );
    }
  });

  it('lets only one of two forms saving one receipt at once have it', async () => {
    const receipt = '1f0e7d6c5b4a39281706f5e4d3c2b1a0';
    const answers = await Promise.all(
      ['RCPT0020', 'RCPT0021', 'RCPT0022'].map((passport) =>
        issue(shop, token, withReceipt(receipt, passport)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
