import { Anchor, Text, type TextProps } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The default cut of long texts (SPEC 2); promotion descriptions use 50. */
export const READ_MORE_DEFAULT_LENGTH = 100;

/** The first `length` characters and an ellipsis, or the whole text when it is short enough. */
export function truncate(text: string, length: number = READ_MORE_DEFAULT_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : text;
}

type ReadMoreProps = TextProps & { text: string | null | undefined; length?: number };

/** Long text cut short, with Read More / Read Less to switch between the two. */
export function ReadMore({ text, length = READ_MORE_DEFAULT_LENGTH, ...textProps }: ReadMoreProps) {
  const { t } = useTranslation();
  const [isExpanded, setIsExpanded] = useState(false);
  const id = useId();
  const value = text ?? '';
  const isLong = Array.from(value).length > length;

  return (
    <Text {...textProps} id={id}>
      {isExpanded || !isLong ? value : truncate(value, length)}
      {isLong && (
        <>
          {' '}
          <Anchor
            component="button"
            type="button"
            fz="inherit"
            underline="always"
            aria-expanded={isExpanded}
            aria-controls={id}
            onClick={() => setIsExpanded((expanded) => !expanded)}
          >
            {isExpanded ? t('actions.readLess') : t('actions.readMore')}
          </Anchor>
        </>
      )}
    </Text>
  );
}
