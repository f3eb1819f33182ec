import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { SendFormDrawer } from './send-form-drawer';
import { callsTo, MAIL_PATH, serveForm } from '../form/stage-test-server';

const DETAIL_PATH = '/api/v2/companies/7/retailers/9/taxforms/12';

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

  it('sends a form that has an address to another one typed over it, with the server’s answer', async () => {
    storeTestSession();
    const fetchMock = serveForm({
      post: [
        {
          status: 202,
          body: {
            status: 'success',
            message: 'E-mail to the traveller queued',
            data: { id: 31, recipient: 'ana.horvat@mail.example' },
          },
        },
      ],
    });
    const onClose = renderDrawer();

    const email = (await screen.findByLabelText(/Traveller's e-mail/)) as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    // The form has one: the field is not required, and nothing asks for it.
    expect(email.required).toBe(false);
    expect(screen.queryByText(/This form has no e-mail address/)).toBeNull();
    fireEvent.change(email, { target: { value: 'ana.horvat@mail.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, MAIL_PATH).map((call) => call.body)).toEqual([
      { email: 'ana.horvat@mail.example' },
    ]);
    // The server's own words, and the recipient it answered.
    expect(await screen.findByText('E-mail to the traveller queued')).toBeTruthy();
    expect(screen.getByText('Form sent to ana.horvat@mail.example')).toBeTruthy();
    // The server keeps the new address on the form: the form is read again.
    await waitFor(() => expect(callsTo(fetchMock, DETAIL_PATH)).toHaveLength(2));
  });

  it('shows the server’s refusal of a form that has an address above it, and stays open', async () => {
    storeTestSession();
    const fetchMock = serveForm({
      post: [
        {
          status: 409,
          body: {
            status: 'error',
            code: 'FORM_MAIL_CANCELLED',
            message: 'This form is cancelled: it cannot be sent to the traveller.',
          },
        },
      ],
    });
    const onClose = renderDrawer();

    await screen.findByLabelText(/Traveller's e-mail/);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    // In the panel, above the address (the toasts of other tests live outside it).
    const panel = within(screen.getByRole('dialog'));
    expect((await panel.findByRole('alert')).textContent).toBe(
      'This form is cancelled: it cannot be sent to the traveller.',
    );
    expect(callsTo(fetchMock, MAIL_PATH)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect((panel.getByLabelText(/Traveller's e-mail/) as HTMLInputElement).value).toBe(
      'ana@example.com',
    );
  });

  it('puts the server’s refusal of a typed address on the field', async () => {
    storeTestSession();
    serveForm({
      post: [
        {
          status: 400,
          body: {
            status: 'error',
            code: 'VALIDATION_FAILED',
            message: 'Please check the highlighted fields.',
            errors: [{ field: 'email', message: 'This address cannot receive e-mail.' }],
          },
        },
      ],
    });
    const onClose = renderDrawer();

    const email = await screen.findByLabelText(/Traveller's e-mail/);
    fireEvent.change(email, { target: { value: 'ana@nowhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('This address cannot receive e-mail.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
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
