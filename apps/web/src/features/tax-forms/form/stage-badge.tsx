import { Badge, type MantineColor } from '@mantine/core';
import { FORM_LIST_STAGES, type TaxFormListItem } from '@taxfree/domain';
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

/**
 * Holds the table's stage column as wide as the widest stage in the interface's language, drawn
 * nowhere: the list loads its rows five at a time, and a later page bringing the first "Validated
 * by customs" would otherwise widen the column and move every other one. The labels are written
 * by CSS (`data-label`), so they are in no cell's text and, hidden, in no accessible name.
 */
export function StageColumnSizer() {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" className={classes.stageSizer}>
      {FORM_LIST_STAGES.map((stage) => (
        <Badge
          key={stage}
          variant="light"
          size="sm"
          className={`${classes.stageBadge} ${classes.stageSizerBadge}`}
          data-label={t(`formList.stages.${stage}`)}
        />
      ))}
    </span>
  );
}
