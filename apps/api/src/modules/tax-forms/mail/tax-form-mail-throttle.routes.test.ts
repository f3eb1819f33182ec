import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { auditLog, formMails } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';
import { FORM_MAILS_PER_FORM, FORM_MAILS_PER_USER } from './tax-form-mail.routes.ts';

/**
 * "Send to traveller" sends the form's PDF (passport number, address) to any address typed: its
 * resends are limited per form and per user, and each one is in the form's audit trail with the
 * address it went to. Every test opens a shop of its own, so no test counts another's resends.
 */

type Shop = Retailer & { token: string; today: string };

let t: TestApp;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  t = await createTestApp({ SMTP_URL: '' });
});
afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

async function openShop(): Promise<Shop> {
  const retailer = await createRetailerFixture(t.database.db);
  return {
    ...retailer,
    token: await login(t.app, retailer),
    today: dayIn(retailer.timeZone),
  };
}

const url = (shop: Shop, path: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms${path}`;

async function issueForm(shop: Shop, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: url(shop, '/issue'),
    headers: bearer(shop.token),
    payload: issuePayload({ today: shop.today, taxform: { traveler_email: email } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number; barcode: string } }>().data.id;
}

function resend(shop: Shop, formId: number, options: { key?: string; email?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: url(shop, `/${formId}/mail`),
    headers: {
      ...bearer(shop.token),
      ...(options.key && { 'idempotency-key': options.key }),
    },
    ...(options.email && { payload: { email: options.email } }),
  });
}

const resentMails = async (formId: number) =>
  (
    await t.database.db
      .select({ kind: formMails.kind, recipient: formMails.recipient })
      .from(formMails)
      .where(eq(formMails.taxFormId, formId))
      .orderBy(asc(formMails.id))
  ).filter((mail) => mail.kind === 'resent');

const TOO_MANY = 'TOO_MANY_FORM_MAILS';
const perForm = FORM_MAILS_PER_FORM.limit;
const perUser = FORM_MAILS_PER_USER.limit;

describe('the limit of resends', () => {
  it('answers the resend past the limit of one form within the hour 429 with Retry-After, queueing nothing', async () => {
    expect(perForm).toBe(5);
    expect(FORM_MAILS_PER_FORM.windowMs).toBe(60 * 60 * 1000);
    const shop = await openShop();
    const formId = await issueForm(shop, 'often@mail.example');
    for (let i = 0; i < perForm; i += 1) {
      expect((await resend(shop, formId)).statusCode).toBe(202);
    }

    const refused = await resend(shop, formId);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      status: 'error',
      code: TOO_MANY,
      message:
        'Too many e-mails have been sent in the last hour for this form or from your account. Please try again in 60 min.',
    });
    // Nor to an address given with it: the address stays the form's.
    const elsewhere = await resend(shop, formId, { email: 'thief@mail.example' });
    expect(elsewhere.statusCode).toBe(429);
    expect(await resentMails(formId)).toHaveLength(perForm);
    expect((await resentMails(formId)).map((mail) => mail.recipient)).not.toContain(
      'thief@mail.example',
    );

    // The limit is the form's: the clerk's other forms still go.
    const other = await issueForm(shop, 'other@mail.example');
    expect((await resend(shop, other)).statusCode).toBe(202);
  });

  it('lets no more than the limit through when the resends are sent all at once', async () => {
    const shop = await openShop();
    const formId = await issueForm(shop, 'burst@mail.example');
    const answers = await Promise.all(
      Array.from({ length: perForm + 3 }, () => resend(shop, formId)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(perForm).fill(202), 429, 429, 429]);
    expect(await resentMails(formId)).toHaveLength(perForm);
  });

  it('answers a user past the limit across several forms 429, and leaves other users alone', async () => {
    expect(perUser).toBe(30);
    const shop = await openShop();
    const forms: number[] = [];
    for (let i = 0; i < perUser / perForm + 1; i += 1) {
      forms.push(await issueForm(shop, `form${i}@mail.example`));
    }
    for (const formId of forms.slice(0, -1)) {
      for (let i = 0; i < perForm; i += 1) {
        expect((await resend(shop, formId)).statusCode).toBe(202);
      }
    }
    const last = forms.at(-1)!;
    const refused = await resend(shop, last);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resentMails(last)).toEqual([]);

    const neighbour = await openShop();
    const theirs = await issueForm(neighbour, 'neighbour@mail.example');
    expect((await resend(neighbour, theirs)).statusCode).toBe(202);
  });

  it('does not count a retry with the same Idempotency-Key, and answers it the first answer', async () => {
    const shop = await openShop();
    const formId = await issueForm(shop, 'retry@mail.example');
    const first = await resend(shop, formId, { key: `resend-${formId}-1` });
    expect(first.statusCode).toBe(202);
    for (let i = 0; i < 3; i += 1) {
      const replay = await resend(shop, formId, { key: `resend-${formId}-1` });
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    // The replays took nothing: four more distinct sends fill the form's share.
    for (let i = 2; i <= perForm; i += 1) {
      const sent = await resend(shop, formId, { key: `resend-${formId}-${i}` });
      expect(sent.statusCode).toBe(202);
      expect(sent.headers['idempotent-replayed']).toBeUndefined();
    }
    const refused = await resend(shop, formId, { key: `resend-${formId}-${perForm + 1}` });
    expect(refused.statusCode).toBe(429);

    // Past the limit, a retry of an answered request still gets its answer.
    const late = await resend(shop, formId, { key: `resend-${formId}-1` });
    expect(late.statusCode).toBe(202);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toEqual(first.json());
    expect(await resentMails(formId)).toHaveLength(perForm);

    // A refused request leaves its key unanswered: its retry is judged again, not replayed.
    const again = await resend(shop, formId, { key: `resend-${formId}-${perForm + 1}` });
    expect(again.statusCode).toBe(429);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the audit of resends', () => {
  it('lists each resend in the form’s trail with the address it went to', async () => {
    const shop = await openShop();
    const formId = await issueForm(shop, 'own@mail.example');
    expect((await resend(shop, formId)).statusCode).toBe(202);
    expect((await resend(shop, formId, { email: 'hotel@mail.example' })).statusCode).toBe(202);
    expect((await resend(shop, formId, { key: `audit-${formId}` })).statusCode).toBe(202);
    expect((await resend(shop, formId, { key: `audit-${formId}` })).statusCode).toBe(202);

    const trail = await t.app.inject({
      url: url(shop, `/${formId}/audit`),
      headers: bearer(shop.token),
    });
    expect(trail.statusCode).toBe(200);
    const resends = trail
      .json<{ data: { action: string; user: unknown; details: Record<string, unknown> }[] }>()
      .data.filter((entry) => entry.action === 'form.resend');
    const user = { id: shop.userId, name: expect.any(String) };
    expect(resends).toEqual([
      expect.objectContaining({
        user,
        details: expect.objectContaining({ kind: 'resent', recipient: 'own@mail.example' }),
      }),
      expect.objectContaining({
        user,
        details: expect.objectContaining({ kind: 'resent', recipient: 'hotel@mail.example' }),
      }),
      // The replayed request is one resend, audited once.
      expect.objectContaining({
        user,
        details: expect.objectContaining({ kind: 'resent', recipient: 'hotel@mail.example' }),
      }),
    ]);

    // A refused resend is not in the trail.
    for (let i = resends.length; i < perForm; i += 1) await resend(shop, formId);
    expect((await resend(shop, formId)).statusCode).toBe(429);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(formId)), eq(auditLog.action, 'form.resend')));
    expect(audited).toHaveLength(perForm);
  });
});
