import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { SendFormDrawer } from './send-form-drawer';
import { callsTo, MAIL_PATH, serveForm } from './stage-test-server';

const accepted = (recipient: string) => ({
  status: 202,
  body: { status: 'success', message: 'Accepted', data: { recipient } },
});

function renderDrawer() {
  const onClose = vi.fn();
  renderWithProviders(<SendFormDrawer formId={12} opened onClose={onClose} />);
  return onClose;
}

describe('Send to traveller', () => {
  it('sends the form to its own address, prefilled, and names the recipient', async () => {
    storeTestSession();
    const fetchMock = serveForm({ post: [accepted('ana@example.com')] });
    const onClose = renderDrawer();

    const email = await screen.findByLabelText(/Traveller's e-mail/);
    expect((email as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, MAIL_PATH);
    expect(call!.body).toBeUndefined();
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(await screen.findByText('Form sent to ana@example.com')).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
  });

  it('asks for an address when the form has none, and sends it in the body', async () => {
    storeTestSession();
    const fetchMock = serveForm({
      detail: { traveler_email: '' },
      post: [accepted('ivo@example.com')],
    });
    const onClose = renderDrawer();

    expect(
      await screen.findByText(
        "This form has no e-mail address. Enter the traveller's address to send it.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Traveller's e-mail/), {
      target: { value: 'not an address' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(callsTo(fetchMock, MAIL_PATH)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Traveller's e-mail/), {
      target: { value: 'ivo@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, MAIL_PATH).map((call) => call.body)).toEqual([
      { email: 'ivo@example.com' },
    ]);
  });

  it('turns to asking for an address when the form had one no longer', async () => {
    storeTestSession();
    serveForm({
      post: [
        {
          status: 409,
          body: {
            status: 'error',
            code: 'FORM_NO_EMAIL',
            message: 'This form has no e-mail address.',
          },
        },
      ],
    });
    const onClose = renderDrawer();

    await screen.findByLabelText(/Traveller's e-mail/);
    fireEvent.change(screen.getByLabelText(/Traveller's e-mail/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        "This form has no e-mail address. Enter the traveller's address to send it.",
      ),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
