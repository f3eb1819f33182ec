import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/session';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { IssueResult } from './issue-result';

const SAVED = { id: 41, barcode: '000010000000041' };
const PDF_NAME = '0123456789abcdef0123456789abcdef-41-1-aaaa.pdf';

function renderResult(options: { printAfterIssue?: boolean } = {}) {
  storeTestSession({ country: 'HR' });
  const session = readSession()!;
  const user = {
    user_id: Number(session.userId),
    username: 'demo',
    name: 'Demo',
    email: null,
    mobile: null,
    country: 'HR',
    image: null,
    path: null,
    thumb_path: null,
    passportNumber: null,
    print_after_issue: options.printAfterIssue ?? true,
  };
  const fetchMock = mockFetchRoutes((url) => {
    const path = url.pathname;
    if (path.endsWith(`/users/${session.userId}/preferences`))
      return {
        body: { status: 'success', message: 'Saved', data: { ...user, print_after_issue: true } },
      };
    if (path.endsWith(`/users/${session.userId}`))
      return { body: { status: 'success', data: user } };
    if (path.endsWith(`/taxforms/download/${SAVED.id}`))
      return { body: { status: 'success', data: PDF_NAME } };
    if (path.endsWith(`/taxforms/${SAVED.id}`))
      return {
        body: {
          status: 'success',
          data: {
            taxforms: {
              id: SAVED.id,
              barcode: SAVED.barcode,
              verification_code: '7KQ2MX',
              traveler_name: 'Wei',
              traveler_surname: 'Zhang',
              customer_refund: '27.60',
              export_deadline: '2027-02-28',
            },
          },
        },
      };
    if (path.endsWith('/taxforms/currency'))
      return { body: { status: 'success', data: { currency: 'EUR' } } };
    return undefined;
  });
  const onNext = vi.fn();
  const onEmail = vi.fn();
  renderWithProviders(
    <IssueResult session={session} saved={SAVED} kind="issued" onNext={onNext} onEmail={onEmail} />,
  );
  return { fetchMock, onNext, onEmail };
}

function stubWindowOpen(answer: Window | null) {
  const open = vi.fn(() => answer);
  vi.stubGlobal('open', open);
  return open;
}

afterEach(() => vi.unstubAllGlobals());

describe('the result of issuing a form', () => {
  it('shows the number and code to read out, the refund, and opens the printed form at once', async () => {
    const open = stubWindowOpen({ opener: {} } as unknown as Window);
    renderResult();
    expect(screen.getByRole('heading', { name: 'Form issued' })).toBeTruthy();
    expect(screen.getByLabelText('Form number').textContent).toBe(SAVED.barcode);
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code').textContent).toBe('7KQ2MX'),
    );
    expect(screen.getByText('27.60 EUR', { exact: false })).toBeTruthy();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(`/uploads/electronic/${PDF_NAME}`, '_blank');
    expect(
      await screen.findByText('The printed form is open in a new tab: print it there.'),
    ).toBeTruthy();
  });

  it('goes on to the next traveller with Enter, and offers e-mail (E) and a new print (P)', async () => {
    const open = stubWindowOpen({ opener: {} } as unknown as Window);
    const { onNext, onEmail } = renderResult();
    const next = screen.getByRole('button', { name: /Next traveller/ });
    await waitFor(() => expect(document.activeElement).toBe(next));
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(document.body, { key: 'p', code: 'KeyP' });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    fireEvent.keyDown(document.body, { key: 'e', code: 'KeyE' });
    expect(onEmail).toHaveBeenCalledWith(SAVED);
  });

  it('offers the printed form as a link when the browser blocks the new tab', async () => {
    stubWindowOpen(null);
    renderResult();
    const link = await screen.findByRole('link', { name: `Open form ${SAVED.barcode}` });
    expect(link.getAttribute('href')).toBe(`/uploads/electronic/${PDF_NAME}`);
    expect(screen.getByText('Your browser blocked the new tab.', { exact: false })).toBeTruthy();
  });

  it('prints nothing by itself once the clerk turned automatic printing off, and turns it on again', async () => {
    const open = stubWindowOpen({ opener: {} } as unknown as Window);
    const { fetchMock } = renderResult({ printAfterIssue: false });
    expect(
      await screen.findByText('Automatic printing is off: choose Print to print the form.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code').textContent).toBe('7KQ2MX'),
    );
    expect(open).not.toHaveBeenCalled();

    const toggle = screen.getByRole('switch', {
      name: 'Open each form for printing as soon as it is saved',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put).toBeTruthy();
      expect(JSON.parse(String(put![1]!.body))).toEqual({ print_after_issue: true });
    });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });
});
