import { and, eq } from 'drizzle-orm';
import { galleryItems, promotions, storedFiles, users } from '../../src/db/schema/index.ts';
import { resetUserPassword } from '../../src/cli/commands.ts';
import {
  createResetToken,
  findLiveResetToken,
} from '../../src/db/repositories/reset-tokens.repository.ts';
import { findLiveSession } from '../../src/db/repositories/sessions.repository.ts';
import type { TestApp } from '../support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../support/factories.ts';
import { png, uploadImage } from '../support/images.ts';

/** A signed-in shop with some data of every kind the API serves. */
export type Shop = Retailer & {
  token: string;
  forms: number[];
  promotions: number[];
  gallery: number[];
  images: string[];
  pdfs: string[];
  passport: string;
};

/**
 * What the fuzzer works against: `main` is the signed-in company it mostly speaks for; `other`
 * is a second company whose ids must stay out of reach; `loginTarget` and `resetTarget` are
 * accounts whose credentials and reset link the login and reset payloads are derived from, so a
 * throttled or reset account never locks the fuzzer's own session out.
 */
export type FuzzContext = {
  t: TestApp;
  main: Shop;
  other: Shop;
  loginTarget: Retailer;
  resetTarget: Retailer & { token: string };
  /** A token of the main user that was signed out. */
  revokedToken: string;
  /** A small valid picture for uploads. */
  png: Buffer;
};

const url = (shop: Retailer, rest: string) =>
  `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}${rest}`;

async function expectOk(
  response: { statusCode: number; body: string },
  what: string,
): Promise<Record<string, unknown>> {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.body}`);
  return (JSON.parse(response.body) as { data: Record<string, unknown> }).data;
}

export function promotionInput(image: string) {
  return {
    title: 'Winter sale',
    description: 'All coats 30 % off until the end of the month.',
    image,
    start_date: '2026-01-10',
    end_date: '2026-01-31',
    notification_schedule: '2026-01-09 09:30:00',
    shopping_behavior: 'fashion,luxury',
    targeted_nationality: 'USA,CHN',
  };
}

export function galleryInput(image: string) {
  return {
    title: 'Our shop window',
    description: 'Autumn collection',
    image,
    start_date: '2026-02-01',
    end_date: '2026-02-28',
  };
}

async function createPromotion(t: TestApp, shop: Retailer & { token: string }, image: string) {
  const data = await expectOk(
    await t.app.inject({
      method: 'POST',
      url: url(shop, '/promotions'),
      headers: bearer(shop.token),
      payload: { promotion: promotionInput(image) },
    }),
    'promotion',
  );
  return data.promotion_id as number;
}

async function createGalleryItem(t: TestApp, shop: Retailer & { token: string }, image: string) {
  const data = await expectOk(
    await t.app.inject({
      method: 'POST',
      url: url(shop, '/gallery'),
      headers: bearer(shop.token),
      payload: { gallery: galleryInput(image) },
    }),
    'gallery item',
  );
  return data.gallery_id as number;
}

async function createShop(t: TestApp, passport: string): Promise<Shop> {
  const retailer = await createRetailerFixture(t.database.db);
  const token = await login(t.app, retailer);
  const shop = { ...retailer, token };
  const forms: number[] = [];
  for (const n of [1, 2, 3]) {
    const data = await expectOk(
      await t.app.inject({
        method: 'POST',
        url: url(shop, '/taxforms/issue'),
        headers: bearer(token),
        payload: issuePayload({ taxform: { passport, traveler_name: `Wei ${n}` } }),
      }),
      'issue',
    );
    forms.push(data.id as number);
  }
  // One form cancelled, so the cancel and update refusals of a cancelled form are reachable.
  const basic = Buffer.from(`${retailer.accountNo}:${token}`).toString('base64');
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/go-service/api/company/${retailer.companyId}/tfsform/cancel_tfs_form/${forms[2]}`,
      headers: { authorization: `Basic ${basic}` },
      payload: { cancel_reason: 'Other', cancel_comments: '' },
    }),
    'cancel',
  );
  const pdf = await expectOk(
    await t.app.inject({
      method: 'GET',
      url: url(shop, `/taxforms/download/${forms[0]}`),
      headers: bearer(token),
    }),
    'print',
  );
  const images = [await uploadImage(t.app, token), await uploadImage(t.app, token)];
  return {
    ...shop,
    forms,
    promotions: [
      await createPromotion(t, shop, images[0]!),
      await createPromotion(t, shop, images[0]!),
    ],
    gallery: [await createGalleryItem(t, shop, images[1]!)],
    images,
    pdfs: [pdf as unknown as string],
    passport,
  };
}

export async function createFuzzContext(t: TestApp): Promise<FuzzContext> {
  const main = await createShop(t, 'E12345678');
  const other = await createShop(t, 'X99887766');
  const loginTarget = await createRetailerFixture(t.database.db);
  const resetRetailer = await createRetailerFixture(t.database.db);
  const token = await createResetToken(
    t.database.db,
    resetRetailer.companyId,
    resetRetailer.userId,
    3600,
  );
  const revokedToken = await login(t.app, main);
  await expectOk(
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/authorization',
      headers: bearer(revokedToken),
    }),
    'sign-out',
  );
  return {
    t,
    main,
    other,
    loginTarget,
    resetTarget: { ...resetRetailer, token },
    revokedToken,
    png: await png(),
  };
}

/**
 * Undoes what an accepted fuzzed request may have taken away from the fuzzer: its session (a
 * sign-out or a password change), and the promotions and gallery items its ids point at.
 */
export async function restoreContext(ctx: FuzzContext): Promise<void> {
  const { db } = ctx.t.database;
  for (const shop of [ctx.main, ctx.other]) {
    if (!(await findLiveSession(db, shop.token))) {
      const password = `fuzz-${shop.userId}-pass`;
      await resetUserPassword(db, { accountNo: shop.accountNo, username: shop.username, password });
      // An operator's password must be changed before anything else: the fuzzer's is its own.
      await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, shop.userId));
      shop.password = password;
      shop.token = await login(ctx.t.app, shop);
    }
    const alive = async (table: typeof promotions | typeof galleryItems, id: number) =>
      (
        await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.companyId, shop.companyId), eq(table.id, id)))
      ).length > 0;
    const image = await liveImage(ctx, shop);
    for (const [k, id] of shop.promotions.entries()) {
      if (!(await alive(promotions, id)))
        shop.promotions[k] = await createPromotion(ctx.t, shop, image);
    }
    for (const [k, id] of shop.gallery.entries()) {
      if (!(await alive(galleryItems, id)))
        shop.gallery[k] = await createGalleryItem(ctx.t, shop, image);
    }
  }
  // The reset link is single use: an accepted reset asks for a new one.
  if (!(await findLiveResetToken(db, ctx.resetTarget.token))) {
    ctx.resetTarget.token = await createResetToken(
      db,
      ctx.resetTarget.companyId,
      ctx.resetTarget.userId,
      3600,
    );
  }
}

/** A picture the shop may use: one of its uploads still stored, or a new upload. */
async function liveImage(ctx: FuzzContext, shop: Shop): Promise<string> {
  const rows = await ctx.t.database.db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, shop.companyId), eq(storedFiles.kind, 'image')));
  const kept = shop.images.filter((name) => rows.some((row) => row.name === name));
  if (kept.length === shop.images.length) return kept[0]!;
  const fresh = await uploadImage(ctx.t.app, shop.token);
  shop.images = [...kept, fresh];
  return fresh;
}
