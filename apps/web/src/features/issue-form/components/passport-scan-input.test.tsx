import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { passportZone, renderNewForm } from './issue-form-test-server';

/** What a keyboard-wedge reader does: each line of the zone, each followed by Enter. */
async function scanLines(lines: readonly string[]) {
  const input = await screen.findByRole('textbox', { name: /Scan passport/ });
  let typed = '';
  for (const line of lines) {
    typed = typed ? `${typed}\n${line}` : line;
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }
  return input;
}

/** The traveller section, where the scan says what it gave. */
const traveller = () => within(screen.getByRole('region', { name: 'Traveller' }));

const valueOf = (label: RegExp) =>
  (screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement).value;

describe('the passport scan', () => {
  it('fills the traveller, says what it filled, and goes on to the first empty required field', async () => {
    renderNewForm();
    const input = await scanLines(passportZone());

    const status = await traveller().findByRole('status');
    await waitFor(() =>
      expect(status.textContent).toBe(
        'Filled from the passport: name, surname, passport number, nationality, issuing country, ' +
          'date of birth, and expiry date.',
      ),
    );
    expect(valueOf(/^Name/)).toBe('ANA');
    expect(valueOf(/^Surname/)).toBe('HORVAT');
    expect(valueOf(/^Passport number/)).toBe('P12345678');
    expect(valueOf(/^Nationality/)).toBe('Croatia');
    expect(valueOf(/^Date of birth/)).toBe(formatDate('1985-03-12'));
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    // A passport carries no mobile number: the clerk types it next.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Mobile/ })),
    );
    expect(traveller().queryByRole('alert')).toBeNull();
  });

  it('reads a zone that arrives run together as one line', async () => {
    renderNewForm();
    await scanLines([passportZone({ names: 'KOVAC<<IVO' }).join('')]);
    await waitFor(() => expect(valueOf(/^Surname/)).toBe('KOVAC'));
    expect(traveller().getByRole('status').textContent).toMatch(/^Filled from the passport: name,/);
  });

  it('waits for the next line after the first line of a zone', async () => {
    renderNewForm();
    const [first] = passportZone();
    const input = await scanLines([first]);
    expect(traveller().queryByRole('alert')).toBeNull();
    expect(traveller().getByRole('status').textContent).toBe('');
    expect((input as HTMLTextAreaElement).value).toBe(first);
  });

  it.each([
    ['document number', 'P12345678', 'P12345679', 'The check digit of the document number'],
    ['date of birth', '8503127', '8503137', 'The check digit of the date of birth'],
    ['expiry date', '3412318', '3412319', 'The check digit of the expiry date'],
  ])(
    'names the check digit of the %s that does not match, and fills nothing',
    async (_field, right, wrong, message) => {
      renderNewForm();
      const [line1, line2] = passportZone();
      expect(line2).toContain(right);
      const input = await scanLines([line1, line2.replace(right, wrong)]);

      const alert = await traveller().findByRole('alert');
      expect(alert.textContent).toContain('The scan was not read: nothing was filled.');
      expect(alert.textContent).toContain(`${message} does not match.`);
      expect(alert.textContent).toContain('Scan the document again, or type the details.');
      expect(alert.textContent).not.toContain('composite');
      expect(valueOf(/^Surname/)).toBe('');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(input);
    },
  );

  it('names the personal number and the composite check digits', async () => {
    renderNewForm();
    const [line1, line2] = passportZone();
    // The personal number's digit is the line's last but one; the composite digit its last.
    const personal = `${line2.slice(0, 42)}${(Number(line2[42]) + 1) % 10}${line2[43]}`;
    await scanLines([line1, personal]);
    expect((await traveller().findByRole('alert')).textContent).toContain(
      'The check digit of the personal number does not match.',
    );

    const input = screen.getByRole('textbox', { name: /Scan passport/ });
    fireEvent.change(input, { target: { value: '' } });
    const composite = `${line2.slice(0, 43)}${(Number(line2[43]) + 1) % 10}`;
    await scanLines([line1, composite]);
    await waitFor(() =>
      expect(traveller().getByRole('alert').textContent).toContain(
        'The composite check digit of the zone does not match.',
      ),
    );
  });

  it('says when the text is no passport zone at all', async () => {
    renderNewForm();
    await scanLines(['HELLO WORLD']);
    expect((await traveller().findByRole('alert')).textContent).toContain(
      'This is not the machine-readable zone of a passport or ID card.',
    );
    expect(valueOf(/^Name/)).toBe('');
  });

  it('says the document has expired, and fills it all the same', async () => {
    renderNewForm();
    await scanLines(passportZone({ expiry: '200101' }));
    expect((await traveller().findByRole('alert')).textContent).toBe(
      `The identity document expired on ${formatDate('2020-01-01')}`,
    );
    expect(traveller().getByRole('status').textContent).toMatch(/^Filled from the passport/);
  });

  it("empties the last traveller's details when another person's document is scanned", async () => {
    renderNewForm();
    await scanLines(passportZone());
    await waitFor(() => expect(valueOf(/^Passport number/)).toBe('P12345678'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Mobile/ }), {
      target: { value: '+1 555 111' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Address/ }), {
      target: { value: '1 Old Street, Toronto' },
    });

    // The same passport again (read twice) keeps what was typed.
    await scanLines(passportZone());
    await waitFor(() => expect(valueOf(/^Passport number/)).toBe('P12345678'));
    expect(valueOf(/^Mobile/)).toBe('+1 555 111');

    await scanLines(passportZone({ names: 'NEWCOMER<<ANNA', number: 'X98765432' }));
    await waitFor(() => expect(valueOf(/^Passport number/)).toBe('X98765432'));
    expect(valueOf(/^Surname/)).toBe('NEWCOMER');
    expect(valueOf(/^Mobile/)).toBe('');
    expect(valueOf(/^Address/)).toBe('');
  });
});
