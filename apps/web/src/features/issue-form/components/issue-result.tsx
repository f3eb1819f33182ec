import { Button, Kbd, Switch, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '@/lib/company-data';
import { formatAmount, formatDate } from '@/lib/format';
import type { Session } from '@/lib/session';
import { type SavedForm, type Tenant, useTaxFormDetail } from '../api/issue-form-api';
import { usePrintAfterSave, useSetPrintAfterSave } from '../api/print-preference';
import { IssueResultCodes } from './issue-result-codes';
import classes from './issue-result.module.css';
import { PrintNote } from './print-note';
import { useSectionHeadingLevel } from './section-heading';
import { useSavedFormPrint } from './use-saved-form-print';

export type IssueResultProps = {
  session: Session;
  saved: SavedForm;
  /** Issued now, or an earlier form updated. */
  kind: 'issued' | 'updated';
  onNext: () => void;
  onEmail?: (saved: SavedForm) => void;
  onClose?: () => void;
};

/**
 * What the counter needs once a form is saved: its number and verification code to read out, the
 * refund, the printed form opened at once (unless the clerk turned that off), and the next steps:
 * Next traveller (Enter), Print (P) and E-mail it (E).
 */
export function IssueResult({ session, saved, kind, onNext, onEmail, onClose }: IssueResultProps) {
  const { t } = useTranslation();
  const tenant: Tenant = { companyId: session.companyId, branchId: session.branchId };
  const automatic = usePrintAfterSave(session);
  const setAutomatic = useSetPrintAfterSave(session);
  const { state, print } = useSavedFormPrint(tenant, saved, automatic);
  const detail = useTaxFormDetail(tenant, saved.id).data?.taxforms;
  const currency = useCurrency(tenant).data ?? '';
  const level = useSectionHeadingLevel();
  const nextRef = useRef<HTMLButtonElement>(null);

  // Enter goes on to the next traveller, from the moment the result shows.
  useEffect(() => nextRef.current?.focus(), []);
  useHotkeys([
    ['p', () => void print()],
    ['e', () => onEmail?.(saved)],
  ]);

  return (
    <section className={classes.result} aria-labelledby="issue-result-title">
      <div>
        <Title order={level} id="issue-result-title">
          {t(`issueResult.${kind}`)}
        </Title>
        {kind === 'updated' && <Text c="dimmed">{t('issueResult.updatedNote')}</Text>}
        {detail && (
          <Text>
            {t('issueResult.traveller')}: {detail.traveler_name} {detail.traveler_surname}
          </Text>
        )}
      </div>
      <IssueResultCodes barcode={saved.barcode} verificationCode={detail?.verification_code} />
      <Text size="sm" c="dimmed">
        {t('issueResult.codeHint')}
      </Text>
      {detail && (
        <div className={classes.figures}>
          <Text>
            {t('issueResult.refund')}:{' '}
            <span className={classes.refund}>{formatAmount(detail.customer_refund, currency)}</span>
          </Text>
          {detail.export_deadline && (
            <Text>
              {t('issueResult.deadline')}: <strong>{formatDate(detail.export_deadline)}</strong>
            </Text>
          )}
        </div>
      )}
      <PrintNote state={state} automatic={automatic !== false} barcode={saved.barcode} />
      <div className={classes.actions}>
        <Button
          ref={nextRef}
          onClick={onNext}
          aria-keyshortcuts="Enter"
          rightSection={
            <Kbd size="xs" aria-hidden>
              ↵
            </Kbd>
          }
        >
          {t('issueResult.next')}
        </Button>
        <Button
          variant="default"
          onClick={() => void print()}
          loading={state.status === 'printing'}
          rightSection={
            <Kbd size="xs" aria-hidden>
              P
            </Kbd>
          }
          aria-keyshortcuts="P"
        >
          {t('issueResult.print')}
        </Button>
        {onEmail && (
          <Button
            variant="default"
            onClick={() => onEmail(saved)}
            rightSection={
              <Kbd size="xs" aria-hidden>
                E
              </Kbd>
            }
            aria-keyshortcuts="E"
          >
            {t('issueResult.email')}
          </Button>
        )}
        {onClose && (
          <Button variant="subtle" onClick={onClose}>
            {t('issueResult.close')}
          </Button>
        )}
      </div>
      <Switch
        label={t('issueResult.automatic')}
        checked={automatic !== false}
        disabled={setAutomatic.isPending}
        onChange={(event) =>
          setAutomatic.mutate({ print_after_issue: event.currentTarget.checked })
        }
      />
    </section>
  );
}
