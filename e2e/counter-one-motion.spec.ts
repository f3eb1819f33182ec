import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { passportZone } from './passport-zone.ts';
import {
  DEMO,
  labelled,
  preferLanguage,
  signInTo,
  snapshot,
  words,
  type Language,
} from './support.ts';

/*
 * A clerk with a queue: the traveller's passport goes through a keyboard-wedge reader, the clerk
 * types what a passport does not carry and the amount, presses Enter, hands over the printed form
 * and goes on to the next traveller. Every keystroke of the clerk goes through `Clerk`, which
 * counts them, and the page counts every pointer press; the reader's lines and the amount are
 * counted apart.
 */

class Clerk {
  keystrokes = 0;
  scanned = 0;
  amount = 0;

  constructor(private readonly page: Page) {}

  /** Counts the pointer presses the page receives from now on: the clerk's clicks, however made. */
  async startCountingClicks() {
    await this.page.evaluate(() => {
      const counted = window as unknown as { clicks?: number };
      if (counted.clicks === undefined) {
        window.addEventListener('pointerdown', () => (counted.clicks = (counted.clicks ?? 0) + 1), {
          capture: true,
        });
      }
      counted.clicks = 0;
    });
  }

  clicks(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { clicks?: number }).clicks ?? 0);
  }

  async press(key: string) {
    this.keystrokes += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    this.keystrokes += [...text].length;
    await this.page.keyboard.type(text);
  }

  /** The reader types each line of the zone followed by Enter. */
  async scan(lines: readonly string[]) {
    for (const line of lines) {
      this.scanned += line.length + 1;
      await this.page.keyboard.type(line);
      await this.page.keyboard.press('Enter');
    }
  }

  async typeAmount(text: string) {
    this.amount += [...text].length;
    await this.page.keyboard.type(text);
  }

  /** Tab (each press counted) until `target` has the focus. */
  async tabTo(target: Locator, limit = 40) {
    await target.waitFor();
    for (let presses = 0; presses < limit; presses += 1) {
      const focused = await target.evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      );
      if (focused) return;
      await this.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  /** Tabs to a searchable select, types the start of an option and takes it with Enter. */
  async choose(select: Locator, typed: string, option: string) {
    await this.tabTo(select);
    await this.type(typed);
    await expect(this.page.getByRole('option', { name: option, exact: true })).toBeVisible();
    await this.press('Enter');
    await expect(select).toHaveValue(option);
  }
}

type Journey = { language: Language; amount: string; phone: string; address: string };

/** A passport that is valid for years, of a country outside the EU. */
function passport() {
  const number = `X${Date.now().toString().slice(-8)}`;
  const zone = passportZone({
    country: 'USA',
    surname: 'MORGAN',
    given: 'OLIVIA ROSE',
    number,
    birth: '850312',
    sex: 'F',
    expiry: '350101',
  });
  return { number, zone };
}

/**
 * Issues the typical form: one invoice, a card refund with the card to be given later, the
 * passport from the reader. Answers the panel, what the clerk did, and the printed form's tab.
 */
async function issueTypicalForm(page: Page, context: BrowserContext, journey: Journey) {
  const t = words(journey.language);
  const clerk = new Clerk(page);
  const { number, zone } = passport();

  // The list's shortcut opens a new form with the focus in the scan box.
  await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await clerk.startCountingClicks();
  await clerk.press('n');
  const panel = page.getByRole('dialog', { name: t('issueForm.titleNew') });
  const scanBox = panel.getByRole('textbox', { name: labelled(t('issueForm.scan.label')) });
  await expect(scanBox).toBeFocused({ timeout: 30_000 });
  await clerk.scan(zone);
  const field = (key: string) =>
    panel.getByRole('textbox', { name: labelled(t(`issueForm.fields.${key}`)) });
  await expect(field('passport')).toHaveValue(number);

  // The focus moves on to the first field a passport does not fill.
  const mobile = field('mobile');
  await expect(mobile).toBeFocused();
  await clerk.type(journey.phone);
  await clerk.tabTo(field('address'));
  await clerk.type(journey.address);
  await clerk.tabTo(field('items'));
  await clerk.type('Leather handbag');
  const refund = panel.getByRole('combobox', {
    name: labelled(t('issueForm.fields.refundMethod')),
  });
  await clerk.choose(
    refund,
    t('issueForm.refundMethods.option2').slice(0, 4),
    t('issueForm.refundMethods.option2'),
  );
  const reference = field('invoiceReference');
  await clerk.tabTo(reference);
  await clerk.type(`R-${number.slice(-5)}`);
  const gross = panel.getByRole('textbox', {
    name: t('issueForm.table.cellLabel', { column: t('issueForm.table.gross'), line: 1 }),
  });
  await clerk.tabTo(gross);
  await clerk.typeAmount(journey.amount);

  await snapshot(page, `issue-panel-${journey.language}`);

  // Enter issues; the card is given later, which the clerk confirms with Enter.
  const printed = context.waitForEvent('page');
  await clerk.press('Enter');
  const confirm = page.getByRole('dialog', { name: t('issueForm.emptyRefund.title') });
  await expect(
    confirm.getByRole('button', { name: t('issueForm.emptyRefund.proceed') }),
  ).toBeFocused();
  await clerk.press('Enter');
  return { panel, clerk, printed, number, t };
}

async function expectResult(journey: Awaited<ReturnType<typeof issueTypicalForm>>) {
  const { panel, printed, t } = journey;
  await expect(panel.getByRole('heading', { name: t('issueResult.issued') })).toBeVisible();
  const barcode = panel.getByLabel(t('issueResult.barcode'));
  await expect(barcode).toHaveText(/^\d{15}$/);
  await expect(barcode).toBeVisible();
  await expect(panel.getByLabel(t('issueResult.code'))).toHaveText(/^[0-9A-Z]{6}$/);
  // The printed form is open in a tab of its own, without a click.
  const tab = await printed;
  await tab.waitForURL(/\/uploads\/electronic\/[^/]+\.pdf$/);
  return (await barcode.textContent()) ?? '';
}

async function report(name: string, clerk: Clerk): Promise<number> {
  const clicks = await clerk.clicks();
  const line = `${name}: ${clicks} clicks, ${clerk.keystrokes} keystrokes, besides the scan (${clerk.scanned} characters from the reader) and the amount (${clerk.amount})`;
  console.log(line);
  test.info().annotations.push({ type: 'counter', description: line });
  return clicks;
}

test('a typical form: scan, type, amount, Enter, the form prints, the next traveller', async ({
  page,
  context,
}) => {
  test.slow();
  await signInTo(page, DEMO);
  const journey = await issueTypicalForm(page, context, {
    language: 'en',
    amount: '250',
    phone: '+1 212 555 0147',
    address: '5th Avenue 1, New York',
  });
  const barcode = await expectResult(journey);
  const { panel, clerk, t } = journey;
  await expect(panel.getByText('50.00 EUR')).toBeVisible();
  await snapshot(page, 'issue-result-en');

  // Enter: the next traveller, an empty form with the focus in the scan box.
  await expect(panel.getByRole('button', { name: /^Next traveller/ })).toBeFocused();
  await clerk.press('Enter');
  const scanBox = panel.getByRole('textbox', { name: labelled(t('issueForm.scan.label')) });
  await expect(scanBox).toBeFocused();
  await expect(scanBox).toHaveValue('');
  await expect(
    panel.getByRole('textbox', { name: labelled(t('issueForm.fields.surname')) }),
  ).toHaveValue('');
  expect(await report('typical form', clerk)).toBeLessThanOrEqual(3);

  // Behind the panel, the list marks the new form.
  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ hasText: barcode });
  await expect(row).toBeVisible();
  await expect(row).toContainText(t('formList.stages.issued'));
  await snapshot(page, 'form-list-en');
});

test('the same counter in Croatian writes every amount and date the Croatian way', async ({
  page,
  context,
}) => {
  test.slow();
  await preferLanguage(page, 'hr');
  await signInTo(page, DEMO);
  const journey = await issueTypicalForm(page, context, {
    language: 'hr',
    amount: '1.250,00',
    phone: '+1 212 555 0148',
    address: 'Peta avenija 1, New York',
  });
  const barcode = await expectResult(journey);
  const { panel, t } = journey;
  // 1.250,00 EUR with its 25 % VAT: 250,00 EUR back to the traveller, as Croatian writes it.
  await expect(panel.getByText('250,00 EUR')).toBeVisible();
  await expect(panel).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  expect(await report('typical form in Croatian', journey.clerk)).toBeLessThanOrEqual(3);

  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ hasText: barcode });
  await expect(row).toContainText('1.250,00 EUR');
  await expect(row).toContainText('250,00 EUR');
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(row).not.toContainText(/\d,\d{3}\.\d{2}/);
  await expect(row).not.toContainText(/\d{2}\/\d{2}\/\d{4}/);

  // The form's status history writes its days and times the Croatian way too.
  await row.getByRole('button', { name: new RegExp(barcode) }).click();
  await page.getByRole('menuitem', { name: t('refundForms.actions.status') }).click();
  const status = page.getByRole('dialog', { name: new RegExp(barcode) });
  await expect(status.getByLabel(t('formActions.status.stepsLabel'))).toContainText(
    /\d{2}\.\d{2}\.\d{4}\.? \d{2}:\d{2}/,
  );
});
