import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, type FormAuditEntry } from '@taxfree/domain';
import { auditLog } from '../../../db/schema/index.ts';
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

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
});
afterAll(() => t.close());

const url = (path: string, of: Retailer = shop) =>
  `/api/v2/companies/${of.companyId}/retailers/${of.branchId}/taxforms${path}`;

async function issueForm(passport: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: url('/issue'),
    headers: bearer(token),
    payload: issuePayload({ today, taxform: { passport } }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data;
}

async function ok(request: InjectOptions) {
  const response = await t.app.inject(request);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function trail(formId: number, of: Retailer = shop, withToken = token) {
  return t.app.inject({ url: url(`/${formId}/audit`, of), headers: bearer(withToken) });
}

/** The trail's entries of these actions (the e-mails sent meanwhile are asserted apart). */
const entries = async (formId: number, actions: string[]) => {
  const response = await trail(formId);
  expect(response.statusCode).toBe(200);
  return response
    .json<{ data: FormAuditEntry[] }>()
    .data.filter((entry) => actions.includes(entry.action));
};

describe('GET …/taxforms/{formId}/audit', () => {
  it("lists a form's whole life, oldest first, with who did each step", async () => {
    const form = await issueForm('AUDIT0001');
    await ok({
      method: 'POST',
      url: url(`/update/${form.id}`),
      headers: bearer(token),
      payload: issuePayload({ today, taxform: { passport: 'AUDIT0001', items: 'Two coats' } }),
    });
    await ok({ url: url(`/download/${form.id}`), headers: bearer(token) });
    await ok({ url: url(`/download/${form.id}`), headers: bearer(token) });
    const step = (payload: object) =>
      ok({
        method: 'POST',
        url: url(`/${form.id}/stages`),
        headers: bearer(token),
        payload,
      });
    await step({
      stage: 'FORM_VALIDATED',
      export_date: today,
      customs_office: 'Carinska ispostava Zračna luka Zagreb',
      customs_record_number: 'HR-2026-000777',
    });
    await step({ stage: 'FORM_COLLECTED' });
    await step({ stage: 'FORM_REFUNDED', refund_date: today, paid_amount: 27.6 });

    const list = await entries(form.id, [
      'form.issue',
      'form.update',
      'form.print',
      'form.stage',
      'form.cancel',
    ]);
    const user = { id: shop.userId, name: expect.any(String) };
    expect(list).toEqual([
      {
        id: expect.any(Number),
        action: 'form.issue',
        at: expect.any(String),
        user,
        details: { barcode: form.barcode, gross: 147.6, refund: 27.6 },
      },
      expect.objectContaining({ action: 'form.update', user }),
      expect.objectContaining({ action: 'form.print', user, details: { print: 1, version: 2 } }),
      expect.objectContaining({ action: 'form.print', user, details: { print: 2, version: 2 } }),
      expect.objectContaining({
        action: 'form.stage',
        user,
        details: expect.objectContaining({
          from: 'FORM_SUBMITTED',
          to: 'FORM_VALIDATED',
          source: 'portal',
          export_date: today,
          customs_office: 'Carinska ispostava Zračna luka Zagreb',
          customs_record_number: 'HR-2026-000777',
        }),
      }),
      expect.objectContaining({
        action: 'form.stage',
        details: expect.objectContaining({ from: 'FORM_VALIDATED', to: 'FORM_COLLECTED' }),
      }),
      expect.objectContaining({
        action: 'form.stage',
        details: expect.objectContaining({
          from: 'FORM_COLLECTED',
          to: 'FORM_REFUNDED',
          refund_date: today,
          paid_amount: 27.6,
        }),
      }),
    ]);
    const times = list.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The e-mails to the traveller (the form at issue, the stamp, the payout): each attempt with
    // the user whose step sent it, as the mail worker records them once it has run. An attempt may
    // have to wait for a retry (the issue's PDF renders while the form changes): it says so.
    const kinds = async () => {
      const mails = await entries(form.id, ['form.mail']);
      return { mails, kinds: new Set(mails.map((mail) => mail.details.kind)) };
    };
    let mails = await kinds();
    for (let i = 0; i < 300 && mails.kinds.size < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = await kinds();
    }
    expect([...mails.kinds].sort()).toEqual(['issued', 'refunded', 'validated']);
    for (const mail of mails.mails) {
      expect(mail).toMatchObject({
        user,
        details: { attempt: expect.any(Number), recipient: 'wei.zhang@mail.example' },
      });
      expect(['sent', 'retry']).toContain(mail.details.outcome);
      if (mail.details.outcome === 'retry') expect(mail.details.error).toEqual(expect.any(String));
    }
  });

  it('lists the cancellation made through the go service, with its reason', async () => {
    const form = await issueForm('AUDIT0002');
    await ok({
      method: 'POST',
      url: `/go-service/api/company/${shop.companyId}/tfsform/cancel_tfs_form/${form.id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${shop.accountNo}:${token}`).toString('base64')}`,
      },
      payload: { cancel_reason: 'Other', cancel_comments: 'Typed the wrong passport' },
    });
    const list = await entries(form.id, ['form.issue', 'form.cancel']);
    expect(list.map((entry) => entry.action)).toEqual(['form.issue', 'form.cancel']);
    expect(list[1]).toMatchObject({
      user: { id: shop.userId },
      details: { barcode: form.barcode, reason: 'Other' },
    });
  });

  it('shows only the details safe to show, and an operator as no user', async () => {
    const form = await issueForm('AUDIT0003');
    await t.database.db.insert(auditLog).values({
      companyId: shop.companyId,
      userId: null,
      action: 'form.stage',
      entity: 'tax_form',
      entityId: String(form.id),
      details: {
        from: 'FORM_SUBMITTED',
        to: 'FORM_VALIDATED',
        source: 'operator',
        acc_details: '4111 1111 1111 1111',
        iban: 'HR1210010051863000160',
        nested: { card: '4111 1111 1111 1111' },
      },
    });
    const response = await trail(form.id);
    expect(response.body).not.toContain('4111');
    expect(response.body).not.toContain('HR1210010051863000160');
    const operator = response
      .json<{ data: FormAuditEntry[] }>()
      .data.find((entry) => entry.details.source === 'operator');
    expect(operator).toMatchObject({
      user: null,
      details: { from: 'FORM_SUBMITTED', to: 'FORM_VALIDATED', source: 'operator' },
    });
    expect(Object.keys(operator!.details).sort()).toEqual(['from', 'source', 'to']);
  });

  it("answers 404 for another company's form, and 401 without signing in", async () => {
    const form = await issueForm('AUDIT0004');
    const other = await createRetailerFixture(t.database.db);
    const otherToken = await login(t.app, other);
    const response = await t.app.inject({
      url: url(`/${form.id}/audit`, other),
      headers: bearer(otherToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(form.barcode);
    const anonymous = await t.app.inject({ url: url(`/${form.id}/audit`) });
    expect(anonymous.statusCode).toBe(401);
  });
});
