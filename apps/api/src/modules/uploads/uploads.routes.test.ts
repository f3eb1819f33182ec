import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import { createRetailerFixture, login } from '../../../test/support/factories.ts';
import { uploadImage } from '../../../test/support/images.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /uploads/{accountNo}/{companyId}/ushop/{name}', () => {
  it('serves a stored picture under its company', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const name = await uploadImage(t.app, await login(t.app, shop));
    const response = await t.app.inject({
      url: `/uploads/${shop.accountNo}/${shop.companyId}/ushop/${name}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('answers a company id past any database integer as a field error, not a server error', async () => {
    const shop = await createRetailerFixture(t.database.db);
    const name = await uploadImage(t.app, await login(t.app, shop));
    const response = await t.app.inject({
      url: `/uploads/${shop.accountNo}/${2 ** 31}/ushop/${name}`,
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'companyId' }],
    });
  });
});
