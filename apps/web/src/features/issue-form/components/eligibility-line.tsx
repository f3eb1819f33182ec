import { Text } from '@mantine/core';
import type { EligibilityRule, EligibilityState } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@/components/icons';
import classes from './issue-form.module.css';

const RULE_KEYS = {
  minimum: {
    met: 'issueForm.eligibility.minimum.met',
    notMet: 'issueForm.eligibility.minimum.notMet',
    unchecked: 'issueForm.eligibility.minimum.unchecked',
  },
  residence: {
    met: 'issueForm.eligibility.residence.met',
    notMet: 'issueForm.eligibility.residence.notMet',
    unchecked: 'issueForm.eligibility.residence.unchecked',
  },
  document: {
    met: 'issueForm.eligibility.document.met',
    notMet: 'issueForm.eligibility.document.notMet',
    unchecked: 'issueForm.eligibility.document.unchecked',
  },
  exportWindow: {
    met: 'issueForm.eligibility.exportWindow.met',
    notMet: 'issueForm.eligibility.exportWindow.notMet',
    unchecked: 'issueForm.eligibility.exportWindow.unchecked',
  },
  rates: {
    met: 'issueForm.eligibility.rates.met',
    notMet: 'issueForm.eligibility.rates.notMet',
    unchecked: 'issueForm.eligibility.rates.unchecked',
  },
  goods: {
    met: 'issueForm.eligibility.goods.met',
    notMet: 'issueForm.eligibility.goods.notMet',
    unchecked: 'issueForm.eligibility.goods.unchecked',
  },
  amounts: {
    met: 'issueForm.eligibility.amounts.met',
    notMet: 'issueForm.eligibility.amounts.notMet',
    unchecked: 'issueForm.eligibility.amounts.unchecked',
  },
} as const satisfies Record<EligibilityRule, Record<EligibilityState, string>>;

const ICONS = {
  met: IconCircleCheck,
  notMet: IconCircleX,
  unchecked: IconCircleDashed,
} as const satisfies Record<EligibilityState, unknown>;

type EligibilityLineItemProps = {
  rule: EligibilityRule;
  state: EligibilityState;
  /** What breaks the rule, shown while it is not met. */
  messages: readonly string[];
};

/**
 * One rule of the summary: an icon and a text say met, not met or not checked yet (never the
 * colour alone), and a rule not met says what is missing.
 */
export function EligibilityLineItem({ rule, state, messages }: EligibilityLineItemProps) {
  const { t } = useTranslation();
  const Icon = ICONS[state];
  return (
    <li
      className={classes.eligibilityLine}
      data-testid={`eligibility-${rule}`}
      data-state={state}
      data-met={state === 'unchecked' ? undefined : String(state === 'met')}
    >
      <Icon
        size={20}
        aria-hidden
        className={classes.eligibilityIcon}
        color={state === 'unchecked' ? 'var(--mantine-color-gray-6)' : undefined}
      />
      <div>
        <Text
          size="sm"
          fw={state === 'unchecked' ? 400 : 600}
          c={state === 'unchecked' ? 'dimmed' : undefined}
        >
          {t(RULE_KEYS[rule][state])}
        </Text>
        {state === 'notMet' &&
          messages.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
      </div>
    </li>
  );
}
