import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
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

/** One request the receiver got: its headers and its body as sent. */
type Received = { headers: Record<string, string>; body: string };

/** The shop's own system as a webhook reaches it: on loopback, answering every event with 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxfree-events`,
    /** The `count`th request, once it has come. */
    async request(count: number): Promise<Received> {
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(count);
      return received[count - 1]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Neither the page nor an open panel scrolls sideways. */
async function expectNoSideScroll(page: Page, what: string) {
  const widths = await page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll('[role="dialog"]'))].map(
      (box) => [box.scrollWidth, box.clientWidth],
    ),
  );
  for (const [scrollWidth, clientWidth] of widths) {
    expect(scrollWidth, what).toBeLessThanOrEqual(clientWidth!);
  }
}

/*
 * A manager subscribes the shop's system to form events, copies the signing secret (shown once),
 * sends a test event that arrives signed with it, reads the delivery log and delivers the event
 * again, on a computer and on a phone; then rotates the secret (both sign for a day), changes its
 * events and deletes the webhook. The receiver is this test's own.
 */
test('a manager adds a webhook, its test event arrives signed, then rotates the secret and deletes it', async ({
  page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await signInFirstTime(page, await createRetailer('HR'));
    await page.getByRole('button', { name: 'Your shop' }).click();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Add webhook' }).click();
    const panel = page.getByRole('dialog', { name: 'New webhook' });
    const url = panel.getByRole('textbox', { name: /^URL/ });
    await expect(url).toBeFocused();
    // No address the events could go to: said on the field, nothing added.
    await url.fill('shop.example.com/taxfree');
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(panel.getByText(/^Enter the full address the events go to/)).toBeVisible();
    await url.fill(receiver.url);
    await panel.getByRole('checkbox', { name: /^A form is corrected/ }).uncheck();
    await panel.getByRole('checkbox', { name: /^A form moves to another stage/ }).uncheck();
    await expectAccessible(page, 'new webhook form', { within: '[role="dialog"]' });
    await panel.getByRole('button', { name: 'Add webhook' }).click();

    const shown = panel.getByTestId('webhook-secret');
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = (await shown.textContent())!;
    await expect(panel.getByText('Copy the signing secret now')).toBeVisible();
    const copy = panel.getByRole('button', { name: 'Copy secret' });
    await expect(copy).toBeFocused();
    await expectAccessible(page, 'webhook secret shown once', { within: '[role="dialog"]' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await copy.click();
    await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toBeHidden();

    const row = section.getByRole('row', { name: receiver.url });
    await expect(row).toContainText('A form is issued');
    await expect(row).toContainText('A form is cancelled');
    await expect(row).not.toContainText('A form is corrected');
    await expect(row).toContainText('Active');
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectAccessible(page, 'integrations with a webhook');

    await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    const test1 = await receiver.request(1);
    expect(test1.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(new Webhook(secret).verify(test1.body, test1.headers)).toMatchObject({
      type: 'webhook.test',
    });

    await row.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    const delivery = log.getByRole('row', { name: /Test event/ });
    await expect(delivery.getByText('Delivered')).toBeVisible();
    await expect(delivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expectAccessible(page, 'delivery log', { within: '[role="dialog"]' });
    // Delivered again, as the same message: a receiver that has it already can tell.
    await delivery.getByRole('button', { name: /^Redeliver Test event/ }).click();
    const again = await receiver.request(2);
    expect(again.headers['webhook-id']).toBe(test1.headers['webhook-id']);
    await expect(delivery.getByText('Delivered')).toBeVisible();
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();

    // On a phone: a card per webhook with its actions at hand, nothing to scroll sideways; the log
    // opens whole.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const card = section.getByRole('article', { name: receiver.url });
    await expect(card).toContainText('A form is issued');
    await expect(card).toContainText('Active');
    await expectNoSideScroll(page, 'integrations (phone)');
    await expectAccessible(page, 'integrations with a webhook (phone)');
    await card.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    await expect(log.getByRole('row', { name: /Test event/ })).toBeVisible();
    await expectNoSideScroll(page, 'delivery log (phone)');
    await expectAccessible(page, 'delivery log (phone)', { within: '[role="dialog"]' });
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();
    await page.setViewportSize(desktop);

    await row.getByRole('button', { name: `Rotate the secret of ${receiver.url}` }).click();
    const confirmRotation = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirmRotation.getByRole('button', { name: 'Rotate' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await expect(rotated.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    const newSecret = (await rotated.getByTestId('webhook-secret').textContent())!;
    expect(newSecret).not.toBe(secret);
    await expect(rotated.getByRole('button', { name: 'Copy secret' })).toBeFocused();
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(rotated).toBeHidden();
    await expect(row).toContainText('The previous secret also signs until');

    // For a day both secrets sign: the receiver may change to the new one at its own pace.
    await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    const test2 = await receiver.request(3);
    expect(new Webhook(newSecret).verify(test2.body, test2.headers)).toBeTruthy();
    expect(new Webhook(secret).verify(test2.body, test2.headers)).toBeTruthy();

    // Fewer events: the secret stays, the row says what it now hears of.
    await row.getByRole('button', { name: `Edit the webhook to ${receiver.url}` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit webhook' });
    await editing.getByRole('checkbox', { name: /A form is corrected/ }).uncheck();
    await editing.getByRole('button', { name: 'Save changes' }).click();
    await expect(editing).toBeHidden();
    await expect(row).not.toContainText('A form is corrected');
    await expect(row).toContainText('A form is issued');

    await row.getByRole('button', { name: `Delete the webhook to ${receiver.url}` }).click();
    const confirmDeletion = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirmDeletion.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
