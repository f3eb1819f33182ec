import { CANCEL_REASON_LABEL_KEYS, type CancelReason, type FormAuditEntry } from '@taxfree/domain';
import type { TFunction } from 'i18next';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';

/** What one entry of the trail says: its title, a line of detail, and how it reads (a failure). */
export type AuditEntryText = {
  title: string;
  detail: string | null;
  tone: 'default' | 'warning' | 'failure';
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : null);

function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && value in CANCEL_REASON_LABEL_KEYS;
}

function stageText(
  t: TFunction,
  details: FormAuditEntry['details'],
  currency: string,
): AuditEntryText {
  switch (details.to) {
    case 'FORM_VALIDATED': {
      const parts = [details.export_date, details.customs_office, details.customs_record_number];
      return {
        title: t('auditTrail.actions.validated'),
        detail: parts.every((part) => typeof part === 'string')
          ? t('auditTrail.validatedDetail', {
              date: formatDate(text(details.export_date)),
              office: text(details.customs_office),
              record: text(details.customs_record_number),
            })
          : null,
        tone: 'default',
      };
    }
    case 'FORM_COLLECTED':
      return { title: t('auditTrail.actions.collected'), detail: null, tone: 'default' };
    case 'FORM_REFUNDED': {
      const amount = number(details.paid_amount);
      return {
        title: t('auditTrail.actions.refunded'),
        detail:
          amount === null
            ? null
            : t('auditTrail.refundedDetail', {
                amount: formatAmount(amount, currency),
                date: formatDate(text(details.refund_date)),
              }),
        tone: 'default',
      };
    }
    default:
      return {
        title: t('auditTrail.actions.stage'),
        detail: text(details.to) || null,
        tone: 'default',
      };
  }
}

function mailText(t: TFunction, details: FormAuditEntry['details']): AuditEntryText {
  const kind = text(details.kind);
  const kindLabel = ['issued', 'validated', 'refunded', 'resent'].includes(kind)
    ? t(`auditTrail.mailKinds.${kind as 'issued' | 'validated' | 'refunded' | 'resent'}`)
    : t('auditTrail.actions.mail');
  const recipient = text(details.recipient);
  const title = recipient ? t('auditTrail.mailTo', { kind: kindLabel, recipient }) : kindLabel;
  const attempt = number(details.attempt) ?? 1;
  const outcome = text(details.outcome) || text(details.status);
  if (outcome === 'failed') {
    return { title, detail: t('auditTrail.mailOutcome.failed', { attempt }), tone: 'failure' };
  }
  if (outcome === 'retry') {
    return { title, detail: t('auditTrail.mailOutcome.retry', { attempt }), tone: 'warning' };
  }
  return { title, detail: t('auditTrail.mailOutcome.sent'), tone: 'default' };
}

/** A clerk's "send again": to whom, the moment it was asked; its attempts follow as form.mail. */
function resendText(t: TFunction, details: FormAuditEntry['details']): AuditEntryText {
  const kind = t('auditTrail.mailKinds.resent');
  const recipient = text(details.recipient);
  return {
    title: recipient ? t('auditTrail.mailTo', { kind, recipient }) : kind,
    detail: t('auditTrail.mailOutcome.queued'),
    tone: 'default',
  };
}

/** An audit entry in the user's language, its amounts in the shop's currency. */
export function auditEntryText(t: TFunction, entry: FormAuditEntry, currency = ''): AuditEntryText {
  const { details } = entry;
  const refund = number(details.refund);
  const refundLine =
    refund === null
      ? null
      : t('auditTrail.refundAmount', { amount: formatAmount(refund, currency) });
  switch (entry.action) {
    case 'form.issue':
      return { title: t('auditTrail.actions.issue'), detail: refundLine, tone: 'default' };
    case 'form.update':
      return { title: t('auditTrail.actions.update'), detail: refundLine, tone: 'default' };
    case 'form.print': {
      const print = number(details.print) ?? 1;
      return {
        title:
          print <= 1
            ? t('auditTrail.actions.printOriginal')
            : t('auditTrail.actions.printCopy', { number: print - 1 }),
        detail: null,
        tone: 'default',
      };
    }
    case 'form.cancel':
      return {
        title: t('auditTrail.actions.cancel'),
        detail: isCancelReason(details.reason)
          ? t('auditTrail.cancelReason', { reason: t(CANCEL_REASON_LABEL_KEYS[details.reason]) })
          : null,
        tone: 'default',
      };
    case 'form.stage':
      return stageText(t, details, currency);
    case 'form.mail':
      return mailText(t, details);
    case 'form.resend':
      return resendText(t, details);
    default:
      return { title: entry.action, detail: null, tone: 'default' };
  }
}

/** Who made the entry: the user, else an operator's command, else the portal itself. */
export function auditEntryAuthor(t: TFunction, entry: FormAuditEntry): string {
  if (entry.user) return entry.user.name;
  return entry.details.source === 'operator' ? t('auditTrail.operator') : t('auditTrail.system');
}

/**
 * A moment as its day in the interface language and the time (27.11.2026 14:05; 27/11/2026 14:05
 * in English) on the shop's clock, wherever the counter's computer is.
 */
export function formatShopTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateTime(date, timeZone);
}
