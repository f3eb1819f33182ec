import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicFormStatus } from '@taxfree/domain';
import hrCommon from '@taxfree/domain/locales/hr/common.json';
import hrStart from '@taxfree/domain/locales/hr/start.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { useHashSearch } from '@/lib/hash-location';
import { i18n } from '@/lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language';
import { mockFetch, requestOf } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { FormStatusScreen } from './form-status-screen';

const VALIDATED: PublicFormStatus = {
  barcode: '000010000000058',
  stage: 'FORM_VALIDATED',
  cancelled: false,
  expired: false,
  stages: [
    { stage: 'FORM_SUBMITTED', at: '2026-11-20T09:15:00.000Z' },
    { stage: 'FORM_VALIDATED', at: '2026-11-23T14:40:00.000Z', export_date: '2026-11-22' },
  ],
  export_deadline: '2027-02-28',
  claim_due: '2027-05-20',
  customer_refund: 27.6,
  paid_amount: null,
  currency: 'EUR',
  shop_name: 'Jadran Moda Riva',
};

const success = (data: PublicFormStatus) => ({ body: { status: 'success', message: 'OK', data } });

function Location() {
  const search = useHashSearch();
  return <output aria-label="location">{search}</output>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Switch>
        <Route path="/status">
          <FormStatusScreen />
        </Route>
      </Switch>
      <Location />
    </>,
    { route },
  );
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

/** Each step's label and whether it reads as done. */
function steps() {
  const stepper = screen.getByLabelText('Stages of the form');
  return within(stepper)
    .getAllByRole('button')
    .map((step) => ({
      text: step.textContent ?? '',
      done: step.hasAttribute('data-completed'),
    }));
}

describe('FormStatusScreen', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("looks the form up at once from the e-mail's link and shows its stage, dates, refund and shop", async () => {
    const fetchMock = mockFetch(success(VALIDATED));
    renderAt('/status?barcode=000010000000058&code=7kq2xm');

    expect(await screen.findByText('000010000000058')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, headers } = requestOf(fetchMock);
    expect(url).toBe('/api/v2/public/taxforms/000010000000058?code=7kq2xm');
    expect(headers.has('Authorization')).toBe(false);

    expect(screen.getByTestId('form-status-current').textContent).toContain('Validated by customs');
    expect(steps()).toEqual([
      { text: expect.stringContaining('Issued by the shop'), done: true },
      { text: expect.stringContaining('Goods exported on 22/11/2026'), done: true },
      { text: expect.stringContaining('Stamped form received by the shop'), done: false },
      { text: expect.stringContaining('Refunded'), done: false },
    ]);
    expect(screen.getByText('28/02/2027')).toBeTruthy();
    expect(screen.getByText('Stamped form back to the shop by').nextSibling?.textContent).toBe(
      '20/05/2027',
    );
    expect(screen.getByTestId('form-status-refund').textContent).toBe('27.60 EUR');
    expect(screen.getByText('Jadran Moda Riva')).toBeTruthy();
  });

  it('shows the refund and the labels in the language chosen', async () => {
    i18n.addResourceBundle('hr', 'common', { ...hrStart, ...hrCommon }, true, true);
    mockFetch(success(VALIDATED));
    renderAt('/status?barcode=000010000000058&code=7KQ2XM');
    await screen.findByText('000010000000058');

    await i18n.changeLanguage('hr');
    await waitFor(() =>
      expect(screen.getByTestId('form-status-refund').textContent).toBe('27,60 EUR'),
    );
    expect(screen.getByText('Ovjerila carina', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Roba izvezena 22.11.2026')).toBeTruthy();
  });

  it('opens in the language of the e-mail the link came in, looks the form up in it and keeps it', async () => {
    i18n.addResourceBundle('hr', 'common', { ...hrStart, ...hrCommon }, true, true);
    const fetchMock = mockFetch(success(VALIDATED));
    renderAt('/status?barcode=000010000000058&code=7KQ2XM&lang=hr');

    expect(
      await screen.findByRole('heading', { level: 1, name: hrCommon.publicStatus.title }),
    ).toBeTruthy();
    expect(await screen.findByText('000010000000058')).toBeTruthy();
    expect(screen.getByTestId('form-status-refund').textContent).toBe('27,60 EUR');
    expect(screen.getByText('Roba izvezena 22.11.2026')).toBeTruthy();
    // Looked up once, and only in Croatian: the server's messages come in it too.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestOf(fetchMock).url).toBe('/api/v2/public/taxforms/000010000000058?code=7KQ2XM');
    expect(requestOf(fetchMock).headers.get('Accept-Language')).toBe('hr');
    // Kept as a choice made on the page would be; the link's word for it leaves the address, so
    // that a reload does not undo a language chosen afterwards.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hr');
    expect(location()).toBe('?barcode=000010000000058&code=7KQ2XM');
  });

  it('stays in the language it had for a link without one, or with one it does not speak', async () => {
    i18n.addResourceBundle('hr', 'common', { ...hrStart, ...hrCommon }, true, true);
    // Croatian chosen before on this device.
    await i18n.changeLanguage('hr');
    const fetchMock = mockFetch(success(VALIDATED));
    for (const route of [
      '/status?barcode=000010000000058&code=7KQ2XM',
      '/status?barcode=000010000000058&code=7KQ2XM&lang=it',
    ]) {
      const { unmount } = renderAt(route);
      expect(await screen.findByText('000010000000058')).toBeTruthy();
      expect(i18n.language).toBe('hr');
      expect(
        screen.getByRole('heading', { level: 1, name: hrCommon.publicStatus.title }),
      ).toBeTruthy();
      unmount();
    }
    expect(
      fetchMock.mock.calls.map((_, k) => requestOf(fetchMock, k).headers.get('Accept-Language')),
    ).toEqual(['hr', 'hr']);
  });

  it('opens in English where no language was chosen before and the link names none it speaks', async () => {
    mockFetch(success(VALIDATED));
    renderAt('/status?barcode=000010000000058&code=7KQ2XM&lang=xx');
    expect(await screen.findByText('000010000000058')).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Where is my refund?' })).toBeTruthy();
    expect(location()).toBe('?barcode=000010000000058&code=7KQ2XM');
  });

  it('says when no form has this number and code', async () => {
    mockFetch({
      status: 404,
      body: { status: 'error', code: 'STATUS_NOT_FOUND', message: 'not found (server text)' },
    });
    renderAt('/status');
    fireEvent.change(screen.getByLabelText(/^Form number/), {
      target: { value: '000010000000058' },
    });
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: 'WRONG1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show status' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'No form was found with this number and code. Please check both on your form.',
    );
    // The form stays, with what was typed, for another try.
    expect((screen.getByLabelText(/^Verification code/) as HTMLInputElement).value).toBe('WRONG1');
  });

  it('says how long to wait after too many lookups', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status: 'error', code: 'TOO_MANY_STATUS_LOOKUPS', message: 'x' }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '95' } },
          ),
      ),
    );
    renderAt('/status?barcode=000010000000058&code=7KQ2XM');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Too many status checks from your connection. Please try again in 2 min.',
    );
  });

  it('asks for both fields before looking anything up', async () => {
    const fetchMock = mockFetch(success(VALIDATED));
    renderAt('/status');
    fireEvent.click(screen.getByRole('button', { name: 'Show status' }));
    expect(await screen.findAllByText('This value is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a traveller whose form was cancelled, or whose deadline passed', async () => {
    mockFetch(
      success({ ...VALIDATED, stage: 'FORM_SUBMITTED', cancelled: true, stages: [] }),
      success({ ...VALIDATED, stage: 'FORM_SUBMITTED', expired: true, stages: [] }),
    );
    renderAt('/status?barcode=1&code=A');
    expect(await screen.findByText(/This form has been cancelled by the shop/)).toBeTruthy();
    expect(screen.queryByTestId('form-status-current')).toBeNull();
    // Nothing of a refund still to come: no steps ahead, no deadline, no amount to wait for.
    expect(screen.queryByLabelText('Stages of the form')).toBeNull();
    expect(screen.queryByText('Goods must leave by')).toBeNull();
    expect(screen.queryByTestId('form-status-refund')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check another form' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show status' }));
    expect(
      await screen.findByText(
        'The export deadline of 28/02/2027 passed before customs validated the form: a refund is no longer possible.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('form-status-refund')).toBeNull();
    expect(screen.queryByText('Stamped form back to the shop by')).toBeNull();
  });

  it('asks for the stamped form back only while the server gives a day for it', async () => {
    // The server gives none once the shop has the form, or where the country sets no time.
    mockFetch(success({ ...VALIDATED, stage: 'FORM_COLLECTED', claim_due: null }));
    renderAt('/status?barcode=1&code=A');
    await screen.findByText('000010000000058');
    expect(screen.queryByText('Stamped form back to the shop by')).toBeNull();
  });
});
