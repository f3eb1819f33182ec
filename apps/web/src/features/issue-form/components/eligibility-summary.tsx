import { Alert, Text, Title } from '@mantine/core';
import type { CountryIssue, EligibilityLine, EligibilityRule } from '@taxfree/domain';
import type validation from '@taxfree/domain/locales/en/validation.json';
import type { Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck, IconCircleX } from '@/components/icons';
import { formatDate } from '@/lib/format';
import { isEligible } from '../model/eligibility';
import type { IssueFormValues } from '../model/tax-form-values';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';
import type { JudgeEligibility } from './use-eligibility';

const RULE_KEYS = {
  minimum: ['issueForm.eligibility.minimum.met', 'issueForm.eligibility.minimum.notMet'],
  residence: ['issueForm.eligibility.residence.met', 'issueForm.eligibility.residence.notMet'],
  document: ['issueForm.eligibility.document.met', 'issueForm.eligibility.document.notMet'],
  exportWindow: [
    'issueForm.eligibility.exportWindow.met',
    'issueForm.eligibility.exportWindow.notMet',
  ],
  rates: ['issueForm.eligibility.rates.met', 'issueForm.eligibility.rates.notMet'],
  goods: ['issueForm.eligibility.goods.met', 'issueForm.eligibility.goods.notMet'],
  amounts: ['issueForm.eligibility.amounts.met', 'issueForm.eligibility.amounts.notMet'],
} as const satisfies Record<EligibilityRule, readonly [string, string]>;

type ValidationKey = keyof typeof validation;

/** The messages of a line's issues, each once; an invoice's named when the form has several. */
function useIssueMessages() {
  const { t } = useTranslation();
  const { t: tv } = useTranslation('validation');
  return (issues: readonly CountryIssue[], invoiceCount: number): string[] => {
    const messages = issues.map(({ path, message, params = {} }) => {
      const figures = { ...params };
      // Dates travel as yyyy-mm-dd and read as the rest of the form shows them (SPEC 9).
      if (typeof figures.date === 'string') figures.date = formatDate(figures.date);
      const text = tv(message as ValidationKey, figures);
      const [list, index] = path;
      return list === 'invoice' && typeof index === 'number' && invoiceCount > 1
        ? t('issueForm.eligibility.onInvoice', { number: index + 1, message: text })
        : text;
    });
    return [...new Set(messages)];
  };
}

type EligibilitySummaryProps = {
  judge: JudgeEligibility;
  /** Issuing was attempted while a rule was not met: the summary says nothing was sent. */
  isRefused: boolean;
  ref: Ref<HTMLElement>;
};

/**
 * Whether the form meets the rules of the shop's country, line by line, as the clerk types or
 * scans: an icon and a text say met or not (never the colour alone), and a line not met says what
 * is missing. Nothing shows for a country the portal has no rules for. The server still decides.
 */
export function EligibilitySummary({ judge, isRefused, ref }: EligibilitySummaryProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const messagesOf = useIssueMessages();
  const summary = useWatch({
    control,
    compute: (values: IssueFormValues) => {
      const lines = judge(values);
      return lines && { lines, invoiceCount: values.invoice.length };
    },
  });
  if (!summary) return null;
  const { lines, invoiceCount } = summary;
  const isMet = isEligible(lines);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`${classes.section} ${classes.eligibility}`}
      aria-labelledby="issue-eligibility"
      data-testid="eligibility-summary"
      data-met={String(isMet)}
    >
      <Title order={headingLevel} size="h4" id="issue-eligibility" className={classes.sectionTitle}>
        {t('issueForm.eligibility.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('issueForm.eligibility.description')}
      </Text>
      <ul className={classes.eligibilityLines}>
        {lines.map((line: EligibilityLine) => {
          const met = line.issues.length === 0;
          const Icon = met ? IconCircleCheck : IconCircleX;
          const [metKey, notMetKey] = RULE_KEYS[line.rule];
          return (
            <li
              key={line.rule}
              className={classes.eligibilityLine}
              data-testid={`eligibility-${line.rule}`}
              data-met={String(met)}
            >
              <Icon size={20} aria-hidden className={classes.eligibilityIcon} />
              <div>
                <Text size="sm" fw={600}>
                  {t(met ? metKey : notMetKey)}
                </Text>
                {messagesOf(line.issues, invoiceCount).map((message) => (
                  <Text key={message} size="sm">
                    {message}
                  </Text>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {isRefused && !isMet && (
        <Alert color="red" variant="light">
          {t('issueForm.eligibility.refused')}
        </Alert>
      )}
    </section>
  );
}
