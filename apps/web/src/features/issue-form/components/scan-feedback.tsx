import { Alert, Text } from '@mantine/core';
import type validation from '@taxfree/domain/locales/en/validation.json';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { htmlLang } from '@/lib/language';
import type { FilledField, ScanOutcome } from './use-passport-scan';

type ValidationKey = keyof typeof validation;

const FILLED_FROM = {
  TD3: 'issueForm.scan.filledFrom.passport',
  TD2: 'issueForm.scan.filledFrom.idCard',
  TD1: 'issueForm.scan.filledFrom.idCard',
  QR: 'issueForm.scan.filledFrom.qr',
} as const;

const FIELD_NAMES = {
  name: 'issueForm.scan.filledFields.name',
  surname: 'issueForm.scan.filledFields.surname',
  passport: 'issueForm.scan.filledFields.passport',
  nationality: 'issueForm.scan.filledFields.nationality',
  issuingCountry: 'issueForm.scan.filledFields.issuingCountry',
  dateOfBirth: 'issueForm.scan.filledFields.dateOfBirth',
  expiry: 'issueForm.scan.filledFields.expiry',
} as const satisfies Record<FilledField, string>;

/**
 * What the last scan gave, said where the clerk looks: what it filled (a polite status), that the
 * document has expired, or why nothing was filled (alerts).
 */
export function ScanFeedback({ outcome }: { outcome: ScanOutcome | null }) {
  const { t } = useTranslation();
  const { t: tv } = useTranslation('validation');
  const [language] = useLanguage();
  const list = new Intl.ListFormat(htmlLang(language), { type: 'conjunction' });

  return (
    <>
      <div role="status" data-testid="scan-status">
        {outcome?.kind === 'filled' && (
          <Text size="sm" c="green.9" mt={4}>
            {t(FILLED_FROM[outcome.source], {
              fields: list.format(outcome.fields.map((field) => t(FIELD_NAMES[field]))),
            })}
          </Text>
        )}
      </div>
      {outcome?.kind === 'filled' && outcome.expiredOn && (
        <Alert role="alert" color="orange" variant="light" mt={4} p="xs">
          {t('documentExpired', { ns: 'validation', date: formatDate(outcome.expiredOn) })}
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          mt={4}
          p="xs"
          title={t('issueForm.scan.notFilled')}
        >
          {outcome.messages.map((message) => (
            <Text key={message} size="sm">
              {tv(message as ValidationKey)}
            </Text>
          ))}
          <Text size="sm">{t('issueForm.scan.tryAgain')}</Text>
        </Alert>
      )}
    </>
  );
}
