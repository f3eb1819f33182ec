import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { E2E_DATA_DIR } from './playwright.config.ts';
import { apiSignIn, issuePayload, words } from './support.ts';

// A traveller's phone.
test.use({ viewport: { width: 360, height: 740 } });

/** The first e-mail to `to` in the server's outbox, read back from its .eml file. */
async function mailTo(to: string): Promise<Email> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file));
      if (!raw.includes(to)) continue;
      const mail = await PostalMime.parse(raw);
      if (mail.to?.some((address) => address.address === to)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to}`);
}

test('a traveller gets the form by e-mail at issue and follows it from the link on a phone', async ({
  page,
  request,
}) => {
  const email = `traveller.${Date.now()}@mail.example`;
  const session = await apiSignIn(request);
  const issued = await request.post(`${session.branchPath}/taxforms/issue`, {
    headers: session.headers,
    data: issuePayload({ traveler_email: email, traveller_language: 'hr' }, `M-${Date.now()}`),
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const form = ((await issued.json()) as { data: { barcode: string } }).data;

  // The e-mail leaves on its own, right after the answer: in Croatian, the form attached.
  const mail = await mailTo(email);
  expect(mail.subject).toContain(`Vaš obrazac za povrat PDV-a br. ${form.barcode}`);
  expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
    [`${form.barcode}.pdf`, 'application/pdf'],
  ]);
  // The link names the e-mail's language, so that the page opens in it.
  const link = /https?:\/\/\S+#\/status\?barcode=\d+&code=[0-9A-Z]{6}&lang=hr/.exec(
    mail.text ?? '',
  )?.[0];
  expect(link).toBeDefined();

  // The link opens the form's status without signing in, on the portal's own address, in the
  // Croatian the traveller read the e-mail in.
  const hr = words('hr');
  const { pathname, hash } = new URL(link!);
  await page.goto(`${pathname}${hash}`);
  await expect(page.getByRole('heading', { name: form.barcode })).toBeVisible();
  await expect(page.getByTestId('form-status-current')).toContainText(
    hr('publicStatus.stages.FORM_SUBMITTED'),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: hr('publicStatus.title') }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await expect(page).not.toHaveURL(/lang=/);
});
