import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSignIn,
  issuePayload,
  listBranches,
  SECOND_BRANCH,
  signInTo,
  type ApiSession,
} from './support.ts';

/** Issues a form in one branch for a traveller of that surname; answers the form's barcode. */
async function issueIn(
  request: APIRequestContext,
  session: ApiSession,
  branchId: number,
  surname: string,
) {
  const response = await request.post(
    `/api/v2/companies/${session.companyId}/retailers/${branchId}/taxforms/issue`,
    {
      headers: session.headers,
      data: issuePayload({ passport: `B${Date.now()}`, traveler_surname: surname }, `R-${surname}`),
    },
  );
  expect(response.status(), await response.text()).toBe(200);
}

/** The list's rows naming a traveller (the table's on a laptop). */
const rowsOf = (page: Page, surname: string) => page.getByRole('row').filter({ hasText: surname });

/**
 * The list calls a page makes, each with the browser's time it started; `quiet()` waits until no
 * list call is on its way or has started for a moment (a tall window fills itself with further
 * pages after the first), and answers the browser's time then: calls from later on were made
 * after whatever the test does next.
 */
function listCalls(page: Page) {
  const started: { url: URL; at: number }[] = [];
  let inFlight = 0;
  let lastEvent = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastEvent = Date.now();
  };
  page.on('request', (call) => {
    const url = new URL(call.url());
    if (!url.pathname.endsWith('/taxforms')) return;
    inFlight += 1;
    lastEvent = Date.now();
    started.push({ url, at: Date.now() });
  });
  page.on('requestfinished', (call) => {
    if (new URL(call.url()).pathname.endsWith('/taxforms')) settle();
  });
  page.on('requestfailed', (call) => {
    if (new URL(call.url()).pathname.endsWith('/taxforms')) settle();
  });
  return {
    async quiet() {
      await expect.poll(() => inFlight === 0 && Date.now() - lastEvent > 500).toBe(true);
      return Date.now();
    },
    since: (moment: number) => started.filter((call) => call.at >= moment).map((call) => call.url),
  };
}

test.use({ viewport: { width: 1366, height: 800 } });

test('the branch switch shows the chosen branch’s forms at once, and back', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request);
  const data = await listBranches(request, session);
  const first = data.find((branch) => branch.retailer_branch_id === session.branchId)!;
  const second = data.find((branch) => branch.branch_name === SECOND_BRANCH)!;
  const stamp = Date.now().toString(36).toUpperCase();
  const [inFirst, inSecond] = [`Ilicaner${stamp}`, `Splitski${stamp}`];
  await issueIn(request, session, first.retailer_branch_id, inFirst);
  await issueIn(request, session, second.retailer_branch_id, inSecond);

  const list = listCalls(page);
  await signInTo(page);
  await expect(rowsOf(page, inFirst)).toHaveCount(1);

  // Every list call after the switch names the branch chosen, from its first page.
  let switchedAt = await list.quiet();
  const branchSwitch = page.getByRole('combobox', { name: 'Branch' });
  await branchSwitch.selectOption({ label: SECOND_BRANCH });
  await expect(rowsOf(page, inSecond)).toHaveCount(1);
  await expect(rowsOf(page, inFirst)).toHaveCount(0);
  const toSecond = list.since(switchedAt);
  expect(toSecond.length).toBeGreaterThan(0);
  expect(toSecond[0]!.searchParams.get('page')).toBe('1');
  for (const url of toSecond) {
    expect(url.pathname).toContain(`/retailers/${second.retailer_branch_id}/`);
  }

  switchedAt = await list.quiet();
  await branchSwitch.selectOption({ label: first.branch_name });
  await expect(rowsOf(page, inFirst)).toHaveCount(1);
  await expect(rowsOf(page, inSecond)).toHaveCount(0);
  for (const url of list.since(switchedAt)) {
    expect(url.pathname).toContain(`/retailers/${first.retailer_branch_id}/`);
  }
});
