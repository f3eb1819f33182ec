import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiSignIn,
  listBranches,
  SECOND_BRANCH,
  issuePayload,
  createRetailer,
  listForms,
  resetLinkFor,
  signInTo,
  type ListedForm,
} from './support.ts';

const SIZES = [
  { name: 'a small laptop', width: 1024, height: 768 },
  { name: 'a phone', width: 390, height: 844 },
] as const;

/**
 * The page never scrolls sideways; nor does an open panel; nor is any text cut off at its edge.
 * Soft: one run lists every screen at fault.
 */
async function expectNoSideScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    panels: Array.from(document.querySelectorAll('[role="dialog"]')).map((panel) => [
      panel.scrollWidth,
      panel.clientWidth,
    ]),
    // Text past the window's right edge, unless it sits in a box made to scroll sideways.
    cutOff: Array.from(document.querySelectorAll('p, span, a, button, h1, h2, h3, td, th, label'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= document.documentElement.clientWidth + 1) return false;
        if (!element.textContent?.trim()) return false;
        for (let up = element.parentElement; up; up = up.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return false;
        }
        return true;
      })
      .map((element) => element.textContent!.trim().slice(0, 60)),
  }));
  expect.soft(widths.page[0], `${what}: page width`).toBeLessThanOrEqual(widths.page[1]!);
  for (const [scrollWidth, clientWidth] of widths.panels) {
    expect.soft(scrollWidth, `${what}: panel width`).toBeLessThanOrEqual(clientWidth!);
  }
  expect.soft(widths.cutOff, `${what}: text cut off at the right edge`).toEqual([]);
}

/** Every placeholder on view reads whole in its box (soft, like the widths). */
async function expectPlaceholdersFit(page: Page, what: string) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))
      .filter((input) => input.clientWidth > 0 && input.placeholder)
      .filter((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room =
          input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room;
      })
      .map((input) => input.placeholder),
  );
  expect.soft(cut, `${what}: placeholders cut off`).toEqual([]);
}

/** The button can be brought into view, whole, and nothing covers it. */
async function expectReachable(button: Locator, what: string) {
  await button.scrollIntoViewIfNeeded();
  await expect(button, `${what}: in view`).toBeInViewport({ ratio: 1 });
  // Polled: a panel still sliding in or a toast fading out covers a button for a moment only.
  await expect
    .poll(
      () =>
        button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (hit !== null && (hit === element || element.contains(hit))) return 'on top';
          return hit === null ? 'nothing' : `${hit.tagName} ${hit.className}`.trim();
        }),
      { message: `${what}: covered by` },
    )
    .toBe('on top');
}

/** Opens a screen by its address and waits for its heading. */
async function openScreen(page: Page, address: string, heading: string | RegExp) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The languages whose words run longer than English's, and the screens a clerk or manager sees. */
const OTHER_LANGUAGES = ['hr', 'fr', 'sl-si', 'de', 'sr', 'bs', 'es'] as const;
const SIGNED_IN_SCREENS = [
  '/#/',
  '/#/home',
  '/#/profile',
  '/#/shopUpdate',
  '/#/formStats',
  '/#/taxformBreakdown',
  '/#/issueForm',
  '/#/promoList',
  '/#/gallery',
  '/#/staff',
  '/#/integrations',
  '/#/allBranches',
] as const;

test.describe('layout on a phone in every language', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no signed-in screen cuts its words off', async ({ page }) => {
    test.setTimeout(300_000);
    await signInTo(page);
    for (const language of OTHER_LANGUAGES) {
      await page.evaluate((chosen) => localStorage.setItem('vue-lang', chosen), language);
      for (const address of SIGNED_IN_SCREENS) {
        await page.goto(address);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute(
          'lang',
          new RegExp(`^${language.slice(0, 2)}`),
        );
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSideScroll(page, `${address} in ${language}`);
        await expectPlaceholdersFit(page, `${address} in ${language}`);
      }
    }
  });
});

test.describe('the refund form list on a laptop (1280 × 800) in every language', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every column and the whole top bar without scrolling sideways', async ({
    page,
    request,
  }) => {
    // The newest form, first in the list: longer words than any column would hold. Issued in the
    // demo's second branch, so that the journeys reading the first branch's list never meet it.
    const session = await apiSignIn(request);
    const data = await listBranches(request, session);
    const split = data.find((branch) => branch.branch_name === SECOND_BRANCH)!;
    const secondBranch = `/api/v2/companies/${session.companyId}/retailers/${split.retailer_branch_id}`;
    const issued = await request.post(`${secondBranch}/taxforms/issue`, {
      headers: session.headers,
      data: issuePayload(
        {
          passport: `L${Date.now()}`,
          traveler_name: 'Aleksandra-Katarina',
          traveler_surname: 'Wolfeschlegelsteinhausenberger',
          traveler_email: 'aleksandra.wolfeschlegelsteinhausenberger@mail.example',
        },
        `R-2026-POS12-${Date.now()}`,
      ),
    });
    expect(issued.status(), await issued.text()).toBe(200);
    await signInTo(page);
    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: SECOND_BRANCH });
    for (const language of ['en', ...OTHER_LANGUAGES]) {
      await page.evaluate((chosen) => localStorage.setItem('vue-lang', chosen), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute(
        'lang',
        new RegExp(`^${language.slice(0, 2)}`),
      );
      const table = page.getByRole('table');
      await expect(table.getByRole('row').nth(1)).toContainText('Wolfeschlegelsteinhausenberger');
      const fit = await table.evaluate((element) => {
        const box = element.parentElement!;
        const lines = (cell: Element) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getClientRects().length;
        };
        // The invoice number is the column before the Action menu; a usual one, of twelve
        // characters at most, stays on one line (a longer one may wrap rather than widen the list).
        const invoices = Array.from(element.querySelectorAll('tbody tr'), (row) =>
          Array.from(row.querySelectorAll('td')).at(-2)!,
        ).filter((cell) => (cell.textContent ?? '').length <= 12);
        const controls = document.querySelectorAll('header :is(a, button, select, input)');
        return {
          sideways: box.scrollWidth - box.clientWidth,
          brokenInvoices: invoices
            .filter((cell) => lines(cell) > 1)
            .map((cell) => cell.textContent),
          // The bar's last control ends where the page's content does, not past it.
          barPastContent:
            Math.max(...Array.from(controls, (control) => control.getBoundingClientRect().right)) -
            box.getBoundingClientRect().right,
        };
      });
      expect.soft(fit.sideways, `${language}: the list scrolls sideways by`).toBeLessThanOrEqual(0);
      expect
        .soft(fit.brokenInvoices, `${language}: invoice numbers broken across lines`)
        .toEqual([]);
      expect
        .soft(fit.barPastContent, `${language}: the top bar runs past the page by`)
        .toBeLessThanOrEqual(2);
    }
  });
});

for (const size of SIZES) {
  test.describe(`layout on ${size.name} (${size.width} × ${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('signed-out screens', async ({ page }) => {
      const account = await createRetailer();
      await page.goto('/#/login');
      await expect(page.locator('input[name="accountno"]')).toBeVisible();
      await expectNoSideScroll(page, 'login');
      await expectReachable(page.getByRole('button', { name: 'Login' }), 'login');

      await page.goto('/#/forgotPassword');
      await page.locator('input[name="accountno"]').fill(account.accountNo);
      await page.locator('input[name="email"]').fill(account.email);
      await expectNoSideScroll(page, 'forgot password');
      const send = page.getByRole('button', { name: 'Send' });
      await expectReachable(send, 'forgot password');
      await send.click();
      await expect(page).toHaveURL(/#\/login$/);

      const link = await resetLinkFor(account.email);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.locator('input[name="password"]')).toBeVisible();
      await expectNoSideScroll(page, 'reset password');
      await expectReachable(page.getByRole('button', { name: 'Update' }), 'reset password');

      await page.goto('/#/login');
      await page.locator('input[name="accountno"]').fill(account.accountNo);
      await page.locator('input[name="username"]').fill(account.username);
      await page.locator('input[name="password"]').fill(account.password);
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/#\/changePassword$/);
      await expect(page.locator('input[name="oldPassword"]')).toBeVisible();
      await expectNoSideScroll(page, 'change password');
      await expectReachable(page.getByRole('button', { name: 'Update' }), 'change password');
    });

    test('signed-in screens', async ({ page }) => {
      test.slow();
      await signInTo(page);
      await expect(page.getByText(/^Displaying \d+ of \d+ results$/)).toBeVisible();
      await expectNoSideScroll(page, 'refund form list');
      await expectReachable(page.getByRole('button', { name: 'Issue Form' }), 'refund form list');
      await expectReachable(
        page.getByRole('button', { name: /^Action for form/ }).first(),
        'refund form list, a row',
      );

      await openScreen(page, '/#/home', 'Issued Forms');
      await expect(page.getByRole('meter').first()).toBeVisible();
      await expectNoSideScroll(page, 'home');

      // Every screen is in reach from the top bar, folded into its burger on a phone.
      const bar = page.getByRole('navigation', { name: 'Main navigation' });
      if (size.width < 1024) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(bar.last().getByRole('link', { name: 'Gallery' })).toBeVisible();
        await expectNoSideScroll(page, 'folded navigation');
        await expectReachable(bar.last().getByRole('link', { name: 'Gallery' }), 'folded bar');
        await page.getByRole('button', { name: 'Close navigation' }).click();
      } else {
        await expect(bar.first().getByRole('button', { name: 'Your shop' })).toBeVisible();
        await expectReachable(
          bar.first().getByRole('button', { name: 'Your shop' }),
          'top bar, Your shop',
        );
      }

      await openScreen(page, '/#/profile', 'Edit Profile');
      await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible();
      await expectNoSideScroll(page, 'profile');
      await expectReachable(page.getByRole('button', { name: 'Update' }), 'profile');

      await openScreen(page, '/#/profile?tab=password', 'Edit Profile');
      await expect(page.getByLabel('Old password')).toBeVisible();
      await expectNoSideScroll(page, 'profile, password tab');
      await expectReachable(page.getByRole('button', { name: 'Update' }), 'profile, password');

      await openScreen(page, '/#/shopUpdate', 'Shop information');
      await expect(page.locator('.leaflet-container')).toBeVisible();
      await expectNoSideScroll(page, 'shop information');
      await expectReachable(page.getByRole('button', { name: 'Update' }), 'shop information');

      await openScreen(page, '/#/formStats', 'Form statistics');
      await expect(page.locator('figure svg[role="img"]').first()).toBeVisible();
      await expectNoSideScroll(page, 'form statistics');

      await openScreen(page, '/#/taxformBreakdown', 'Tax form breakdown');
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectNoSideScroll(page, 'tax form breakdown');
      await expectReachable(page.getByRole('button', { name: 'Print' }), 'tax form breakdown');

      await openScreen(page, '/#/issueForm', 'Issue Form');
      await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible();
      await expectNoSideScroll(page, '/issueForm');
      await expectReachable(page.getByRole('button', { name: 'Issue Form' }), '/issueForm');

      await openScreen(page, '/#/promoList', 'Promotions');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSideScroll(page, 'promotions');
      await expectReachable(page.getByRole('button', { name: 'Add Promotion' }), 'promotions');

      await openScreen(page, '/#/gallery', 'Gallery');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSideScroll(page, 'gallery');
      await expectReachable(page.getByRole('button', { name: 'Add Image' }), 'gallery');
    });

    test('every panel', async ({ page }) => {
      test.slow();
      const session = await apiSignIn(page.request);
      const form: ListedForm = (await listForms(page.request, session)).find(
        (f) => f.cancelled === '0' && f.ilr === 1,
      )!;
      await signInTo(page);

      /** Opens a panel by its address; checks its width and that its buttons can be reached. */
      const checkPanel = async (address: string, name: string | RegExp, buttons: string[]) => {
        await page.goto(address);
        const panel = page.getByRole('dialog', { name });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('button', { name: 'Close' })).toBeVisible();
        for (const button of buttons) {
          await expect(panel.getByRole('button', { name: button, exact: true })).toBeVisible();
        }
        await expectNoSideScroll(page, `${address}`);
        await expectReachable(panel.getByRole('button', { name: 'Close' }), `${address}: Close`);
        for (const button of buttons) {
          await expectReachable(
            panel.getByRole('button', { name: button, exact: true }),
            `${address}: ${button}`,
          );
        }
        return panel;
      };

      const issue = await checkPanel('/#/?panel=issue', 'Issue tax-free form', [
        'Issue Form',
        'Cancel',
      ]);
      // The invoice's lines fit the panel (on a phone, each line a small grid): no table to
      // scroll sideways for the amount a clerk types.
      const lines = issue.getByRole('table', { name: 'Purchase lines' });
      await expect(lines.getByRole('textbox', { name: 'Gross amount, line 1' })).toBeVisible();
      expect(
        await lines.evaluate(({ parentElement: box }) => box!.scrollWidth - box!.clientWidth),
        'the invoice table scrolls sideways by',
      ).toBeLessThanOrEqual(0);
      const view = await checkPanel(`/#/?form=${form.id}&panel=edit`, 'Tax-free form', [
        'Print',
        'Edit',
      ]);
      await view.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(
        page.getByRole('dialog', { name: 'Update tax-free form' }).getByRole('button', {
          name: 'Update and Print',
        }),
      ).toBeVisible();
      const status = await checkPanel(`/#/?form=${form.id}&panel=status`, /^Form Status/, []);
      await expect(status.getByLabel('Form stages')).toBeVisible();
      await checkPanel(`/#/?form=${form.id}&panel=cancel`, /^Cancel TFS Form/, ['Cancel Form']);
      await checkPanel('/#/promoList?panel=new', 'Add Promotion', ['Save']);
      await checkPanel('/#/gallery?panel=new', 'Add Image', ['Save']);

      // A confirmation over the list.
      await page.goto('/#/promoList');
      await page
        .getByRole('button', { name: /^Delete promotion/ })
        .first()
        .click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(confirm).toBeVisible();
      await expectNoSideScroll(page, 'delete confirmation');
      await expectReachable(confirm.getByRole('button', { name: 'YES' }), 'confirmation: YES');
      await expectReachable(confirm.getByRole('button', { name: 'NO' }), 'confirmation: NO');
      await confirm.getByRole('button', { name: 'NO' }).click();
    });
  });
}
