import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';
import { createRetailerFixture } from '../../test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // No SMTP_URL: the embedded default keeps e-mails in DATA_DIR/outbox.
  t = await createTestApp({ SMTP_URL: '' });
});
afterAll(() => t.close());

describe('e-mail without a mail server', () => {
  it('writes the reset e-mail into the outbox as .eml, prints its link, and the link works', async () => {
    const shop = await createRetailerFixture(t.database.db, { email: 'outbox.clerk@shop.example' });
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v2/resetPassword',
        headers: { 'accept-language': 'hr' },
        payload: { accountno: shop.accountNo, email: 'outbox.clerk@shop.example' },
      });
      expect(answer.statusCode).toBe(200);
      // The e-mail goes out after the answer: wait until it is written and its line printed.
      const outbox = path.join(t.dataDir, 'outbox');
      const printedLines = () => printed.mock.calls.map((call) => String(call[0])).join('\n');
      for (let i = 0; i < 100 && !printedLines().includes('E-mail to'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(raw).toMatch(/^To: outbox\.clerk@shop\.example$/m);
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /http:\/\/portal\.test\/#\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(
        text,
      )?.[1];
      expect(token).toBeDefined();
      expect(printedLines()).toContain(path.join(outbox, files[0]!));
      expect(printedLines()).toContain(`#/resetPassword?token=${token}`);
      const check = await t.app.inject({ url: `/api/v2/resetPassword/${token}` });
      expect(check.statusCode).toBe(200);
    } finally {
      printed.mockRestore();
    }
  });
});
