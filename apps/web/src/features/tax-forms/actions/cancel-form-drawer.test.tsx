import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { CancelFormDrawer } from './cancel-form-drawer';

const CANCEL_PATH = '/go-service/api/company/7/tfsform/cancel_tfs_form/12';

function serve(cancelReply: { status?: number; body?: unknown }) {
  return mockFetchRoutes((url) => (url.pathname === CANCEL_PATH ? cancelReply : undefined));
}

function renderDrawer(onClose = vi.fn()) {
  renderWithProviders(<CancelFormDrawer formId={12} opened onClose={onClose} />);
  return onClose;
}

const submitButton = () => screen.getByRole('button', { name: 'Cancel Form' });

describe('CancelFormDrawer', () => {
  it('keeps Cancel Form disabled until a reason is chosen', async () => {
    storeTestSession({ account_no: '100100' });
    serve({ body: { status: 'success', message: 'OK' } });
    renderDrawer();

    const reason = await screen.findByRole('combobox', { name: /Reason/ });
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.change(reason, { target: { value: 'Wants another tax provider' } });
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
  });

  it('sends the English reason with Basic auth and closes on OK', async () => {
    storeTestSession({ account_no: '100100', authToken: 'tok' });
    const fetchMock = serve({ body: { status: 'success', message: 'OK' } });
    const onClose = renderDrawer();

    fireEvent.change(await screen.findByRole('combobox', { name: /Reason/ }), {
      target: { value: 'Stays in EU longer than 3 months' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comments' }), {
      target: { value: 'Leaves on Monday' },
    });
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('cancel_tfs_form'));
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('100100:tok')}`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      cancel_reason: 'Stays in EU longer than 3 months',
      cancel_comments: 'Leaves on Monday',
    });
  });

  it('shows the first error message when the cancel fails', async () => {
    storeTestSession({ account_no: '100100' });
    serve({
      status: 409,
      body: {
        status: 'error',
        message: 'Conflict',
        errors: [
          { field: 'cancel_reason', message: 'This form can no longer be cancelled' },
          { field: 'cancel_comments', message: 'Second problem' },
        ],
      },
    });
    const onClose = renderDrawer();

    fireEvent.change(await screen.findByRole('combobox', { name: /Reason/ }), {
      target: { value: 'Other' },
    });
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());

    const message = await screen.findByText('This form can no longer be cancelled');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText('Second problem')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
