import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportPeriodProblem } from '@taxfree/domain';
import { DateField } from '@/components/date-field';
import { ExportMenu } from '@/components/export-menu';
import { FormAlert } from '@/components/form-alert';
import { IconFileOff, IconPrinter } from '@/components/icons';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/hooks/use-session';
import { branchPath } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import { formatDate } from '@/lib/format';
import { shopToday } from '@/lib/shop-day';
import { useVatBreakdown } from '../api/breakdown';
import { lastMonth, thisMonth, type Period } from '../model/period';
import { BreakdownTable } from './breakdown-table';
import classes from './tax-form-breakdown.module.css';

/**
 * Tax form breakdown: VAT by rate over the forms sold in a period (this month so far by
 * default), printable with the period and the branch's name.
 */
export function TaxFormBreakdownScreen() {
  const { t } = useTranslation();
  const session = useSession();
  // Months are the shop's: at 00:30 in Zagreb a counter whose clock says UTC is still in the
  // day before, but the forms issued a moment ago are dated today.
  const today = () => shopToday(session?.country ?? '');
  const [period, setPeriod] = useState<Period>(() => thisMonth(today()));
  // The server's own rule: a period it would refuse is said so here, beside the dates, unasked.
  const problem = reportPeriodProblem(period.from, period.to);
  const isValid = problem === null;
  const breakdown = useVatBreakdown(session, period, isValid);
  const branchName = session?.retailerInfo?.branch_name ?? '';

  if (!session?.companyId) {
    return (
      <>
        <PageTitle>{t('pages.taxformBreakdown')}</PageTitle>
        <FormAlert tone="info">{t('taxformBreakdown.signInRequired')}</FormAlert>
      </>
    );
  }

  const data = breakdown.data;
  return (
    <>
      <PageTitle>{t('pages.taxformBreakdown')}</PageTitle>
      <fieldset className={classes.controls}>
        <legend className={classes.legend}>{t('taxformBreakdown.period')}</legend>
        <DateField
          name="from"
          label={t('taxformBreakdown.from')}
          value={period.from}
          max={period.to || undefined}
          onChange={(from) => setPeriod((current) => ({ ...current, from }))}
          className={classes.dateInput}
        />
        <DateField
          name="to"
          label={t('taxformBreakdown.to')}
          value={period.to}
          min={period.from || undefined}
          onChange={(to) => setPeriod((current) => ({ ...current, to }))}
          className={classes.dateInput}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => setPeriod(thisMonth(today()))}>
            {t('taxformBreakdown.thisMonth')}
          </Button>
          <Button variant="default" onClick={() => setPeriod(lastMonth(today()))}>
            {t('taxformBreakdown.lastMonth')}
          </Button>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
            disabled={!data}
          >
            {t('taxformBreakdown.print')}
          </Button>
          <ExportMenu
            path={`${branchPath(session)}/taxforms/breakdown/export`}
            query={{ from: period.from, to: period.to }}
            fallbackName={`tax-form-breakdown-${period.from}-${period.to}`}
            disabled={!isValid}
          />
        </Group>
      </fieldset>

      <dl className={classes.summary}>
        {branchName && (
          <div>
            <dt>{t('taxformBreakdown.branch')}</dt>
            <dd>{branchName}</dd>
          </div>
        )}
        <div>
          <dt>{t('taxformBreakdown.period')}</dt>
          <dd>
            {t('taxformBreakdown.periodText', {
              from: formatDate(period.from),
              to: formatDate(period.to),
            })}
          </dd>
        </div>
      </dl>

      {problem && <FormAlert>{t(problem.message, { ns: 'validation' })}</FormAlert>}
      {isValid && breakdown.isPending && <PageLoader />}
      {isValid && breakdown.isError && (
        <FormAlert>
          {errorMessage(breakdown.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void breakdown.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {isValid && data && data.rates.length === 0 && (
        <div className={classes.empty} role="status">
          <IconFileOff size={40} aria-hidden />
          <Text fw={600}>{t('taxformBreakdown.empty')}</Text>
        </div>
      )}
      {isValid && data && data.rates.length > 0 && <BreakdownTable breakdown={data} />}
    </>
  );
}
