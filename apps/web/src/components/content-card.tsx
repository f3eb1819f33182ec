import { ActionIcon, Card, Group, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { IconCalendar, IconPencil, IconTrash } from './icons';
import classes from './content-list.module.css';

export type ContentCardProps = {
  title: string;
  imageSrc: string;
  /** The picture's text alternative; '' when the title already says all. */
  imageAlt: string;
  /** The card's period, already worded ("From 01.03.2026 to 31.03.2026"); omitted when empty. */
  period?: string;
  /** The description, usually a <ReadMore>; nothing is drawn for null. */
  description?: ReactNode;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * One card of the promotions' and gallery's grids (SPEC 2): image, dates, edit and delete icons,
 * title, description.
 */
export function ContentCard({
  title,
  imageSrc,
  imageAlt,
  period,
  description,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: ContentCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      aria-labelledby={titleId}
    >
      <Card.Section>
        <img className={classes.image} src={imageSrc} alt={imageAlt} loading="lazy" />
      </Card.Section>
      <div className={classes.meta}>
        <Text size="xs" c="dimmed" className={classes.dates}>
          {period && (
            <>
              <IconCalendar size={14} aria-hidden />
              {period}
            </>
          )}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={editLabel} onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={deleteLabel}
            onClick={onDelete}
            className={classes.danger}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </div>
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      {description && <div className={classes.description}>{description}</div>}
    </Card>
  );
}
