import { Alert, Text, Title } from '@mantine/core';
import { type CountryIssue, eligibilityState, type JudgedEligibilityLine } from '@taxfree/domain';
import type { Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isEligible } from '../model/eligibility';
import type { IssueFormValues } from '../model/tax-form-values';
import { EligibilityLineItem } from './eligibility-line';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';
import { useEligibilityFieldErrors } from './use-eligibility-field-errors';
import type { JudgeEligibility } from './use-eligibility';
import { useIssueMessage } from './use-issue-message';

/** The messages of a line's issues, each once; an invoice's named when the form has several. */
function useIssueMessages(messageOf: (issue: CountryIssue) => string) {
  const { t } = useTranslation();
  return (issues: readonly CountryIssue[], invoiceCount: number): string[] => {
    const messages = issues.map((issue) => {
      const text = messageOf(issue);
      const [list, index] = issue.path;
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
 * scans. A rule shows as not checked yet until the form says enough to judge it, then as met or
 * not met (an icon and a text, never the colour alone); a rule not met says what is missing, and
 * its field is marked. Nothing shows for a country the portal has no rules for. The server still
 * decides.
 */
export function EligibilitySummary({ judge, isRefused, ref }: EligibilitySummaryProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const messageOf = useIssueMessage();
  const messagesOf = useIssueMessages(messageOf);
  const summary = useWatch({
    control,
    compute: (values: IssueFormValues) => {
      const lines = judge(values);
      return lines && { lines, invoiceCount: values.invoice.length };
    },
  });
  const shown = (summary?.lines ?? []).map((line: JudgedEligibilityLine) => ({
    line,
    state: eligibilityState(line, { isAttempted: isRefused }),
  }));
  useEligibilityFieldErrors(
    shown.flatMap(({ line, state }) => (state === 'notMet' ? line.issues : [])),
    messageOf,
  );
  if (!summary) return null;
  const isMet = isEligible(summary.lines);

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
        {shown.map(({ line, state }) => (
          <EligibilityLineItem
            key={line.rule}
            rule={line.rule}
            state={state}
            messages={messagesOf(line.issues, summary.invoiceCount)}
          />
        ))}
      </ul>
      {isRefused && !isMet && (
        <Alert color="red" variant="light">
          {t('issueForm.eligibility.refused')}
        </Alert>
      )}
    </section>
  );
}
