import { Alert, List, Text } from '@mantine/core';
import type validation from '@taxfree/domain/locales/en/validation.json';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatAmount } from '@/lib/format';
import { htmlLang } from '@/lib/language';
import type { ReceiptField } from '../model/receipt-fill';
import { useIssueMessage } from './use-issue-message';
import type { ReceiptScanOutcome } from './use-receipt-scan';

type ValidationKey = keyof typeof validation;

const FIELD_NAMES = {
  reference: 'issueForm.receipt.filledFields.reference',
  date: 'issueForm.receipt.filledFields.date',
  total: 'issueForm.receipt.filledFields.total',
} as const satisfies Record<ReceiptField, string>;

type ReceiptScanFeedbackProps = { outcome: ReceiptScanOutcome | null; currency: string };

/**
 * What the last receipt scan gave, where the clerk looks: what it filled (a polite status), the
 * total still to type on the lines, what the country's rules say of the receipt (an alert), or
 * why nothing was filled.
 */
export function ReceiptScanFeedback({ outcome, currency }: ReceiptScanFeedbackProps) {
  const { t } = useTranslation();
  const { t: tv } = useTranslation('validation');
  const [language] = useLanguage();
  const messageOf = useIssueMessage();
  const list = new Intl.ListFormat(htmlLang(language), { type: 'conjunction' });
  const filled = outcome?.kind === 'filled' ? outcome : null;

  return (
    <>
      <div role="status" data-testid="receipt-scan-status">
        {filled && (
          <Text size="sm" c="green.9" mt={4}>
            {t('issueForm.receipt.filled', {
              fields: list.format(filled.fields.map((field) => t(FIELD_NAMES[field]))),
            })}
            {filled.totalToType !== null &&
              ` ${t('issueForm.receipt.totalToType', {
                amount: formatAmount(filled.totalToType, currency),
              })}`}
          </Text>
        )}
      </div>
      {filled?.heldBy && (
        <Alert role="alert" color="red" variant="light" mt={4} p="xs">
          <Text size="sm">
            {t('errors.RECEIPT_IN_USE', { ns: 'server', barcode: filled.heldBy })}
          </Text>
        </Alert>
      )}
      {filled && filled.warnings.length > 0 && (
        <Alert
          role="alert"
          color="orange"
          variant="light"
          mt={4}
          p="xs"
          title={t('issueForm.receipt.warning')}
        >
          <List size="sm">
            {[...new Set(filled.warnings.map(messageOf))].map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          mt={4}
          p="xs"
          title={t('issueForm.receipt.notFilled')}
        >
          <Text size="sm">{tv(outcome.message as ValidationKey)}</Text>
        </Alert>
      )}
    </>
  );
}
