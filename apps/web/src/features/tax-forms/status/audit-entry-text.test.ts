import type { FormAuditEntry } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { auditEntryText } from './audit-entry-text';

const entry = (action: string, details: FormAuditEntry['details']): FormAuditEntry => ({
  id: 1,
  action,
  at: '2026-03-05T09:15:00.000Z',
  user: { id: 3, name: 'Ana Horvat' },
  details,
});

describe('auditEntryText', () => {
  it('says to whom a clerk had the form sent again, before its attempts follow', () => {
    const t = i18n.t.bind(i18n);
    const asked = entry('form.resend', { kind: 'resent', recipient: 'hotel@mail.example' });
    expect(auditEntryText(t, asked)).toEqual({
      title: 'The form, sent again to hotel@mail.example',
      detail: 'Queued for sending',
      tone: 'default',
    });
    const sent = entry('form.mail', {
      kind: 'resent',
      attempt: 1,
      outcome: 'sent',
      recipient: 'hotel@mail.example',
    });
    expect(auditEntryText(t, sent)).toEqual({
      title: 'The form, sent again to hotel@mail.example',
      detail: 'Sent',
      tone: 'default',
    });
  });
});
