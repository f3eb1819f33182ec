import { Badge, type MantineColor } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useListStage, type ListStage } from './use-list-stage';
import classes from '../tax-forms.module.css';

const STAGE_COLORS: Record<ListStage, MantineColor> = {
  issued: 'blue',
  validated: 'violet',
  received: 'cyan',
  refunded: 'green',
  cancelled: 'red',
  expired: 'orange',
};

/**
 * A form's stage as a coloured badge. The tint tells the stages apart at a glance; the text is
 * near-black on every tint, since Mantine's own light-variant text (shade 9 on shade 1) falls
 * below WCAG AA contrast for green and orange.
 */
export function StageBadge({ form }: { form: TaxFormListItem }) {
  const { t } = useTranslation();
  const stage = useListStage()(form);
  if (stage === null) return null;
  return (
    <Badge
      variant="light"
      color={STAGE_COLORS[stage]}
      c="gray.9"
      size="sm"
      className={classes.stageBadge}
      data-stage={stage}
    >
      {t(`formList.stages.${stage}`)}
    </Badge>
  );
}
