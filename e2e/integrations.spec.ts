import { expect, test } from '@playwright/test';
import { apiSignIn, createRetailer, expectAccessible, signInFirstTime } from './support.ts';

/*
 * A manager gives the shop's till a key on the Integrations screen, copies it (shown once), the
 * till works with it, and the manager revokes it: the till's next call is refused. A shop of its
 * own, so no other journey's keys show.
 */
test('a manager creates a till key, the till uses it, and the manager revokes it', async ({
  page,
  request,
}) => {
  const account = await signInFirstTime(page, await createRetailer('HR'));
  const session = await apiSignIn(request, account);

  await page.getByRole('button', { name: 'Your shop' }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New key' }).click();
  const panel = page.getByRole('dialog', { name: 'New API key' });
  await expect(panel.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  // Asked to create without a name: said on the field, nothing created.
  await panel.getByRole('button', { name: 'Create key' }).click();
  await expect(panel.getByText('Give the key a name, such as the till it is for')).toBeVisible();
  await panel.getByRole('textbox', { name: /^Name/ }).fill('Till by the door');
  await panel.getByRole('button', { name: 'Create key' }).click();

  const shown = panel.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^tfk_[\w-]{40,}$/);
  const key = (await shown.textContent())!;
  await expect(panel.getByText('Copy the key now')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy key' })).toBeFocused();
  await expectAccessible(page, 'new key shown once', { within: '[role="dialog"]' });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();

  const row = page.getByRole('row', { name: /Till by the door/ });
  await expect(row).toContainText(`ending in ${key.slice(-4)}`);
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);
  await expectAccessible(page, 'integrations');

  // The till: its branch's forms, with the key, as a clerk of the branch.
  const till = { Authorization: `Bearer ${key}` };
  expect((await request.get(`${session.branchPath}/taxforms`, { headers: till })).status()).toBe(
    200,
  );
  const staff = await request.get(`/api/v2/companies/${session.companyId}/users`, {
    headers: till,
  });
  expect(staff.status()).toBe(403);

  await row.getByRole('button', { name: 'Revoke Till by the door' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Till by the door?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Till by the door was revoked.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Till by the door/ })).toHaveCount(0);
  expect((await request.get(`${session.branchPath}/taxforms`, { headers: till })).status()).toBe(
    401,
  );
});
