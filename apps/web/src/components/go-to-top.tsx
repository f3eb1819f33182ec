import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from '@/lib/scroll';
import { IconArrowUp } from './icons';

/** How far down the page the button appears. */
export const GO_TO_TOP_OFFSET_PX = 300;

/**
 * Whether the page is scrolled further down than `offset`, as of the last scroll. Read on
 * scrolling only: reading the position as the page mounts would lay it out in the middle of its
 * first render.
 */
function useIsScrolledPast(offset: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useWindowEvent('scroll', () => setIsPast(window.scrollY > offset), { passive: true });
  return isPast;
}

/** A floating button that appears after scrolling down and takes the page back up in 600 ms. */
export function GoToTop() {
  const { t } = useTranslation();
  const isScrolledPast = useIsScrolledPast(GO_TO_TOP_OFFSET_PX);

  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={isScrolledPast}>
        {(styles) => (
          <ActionIcon
            size="xl"
            radius="xl"
            variant="filled"
            style={styles}
            aria-label={t('actions.goToTop')}
            title={t('actions.goToTop')}
            onClick={() => void scrollToTop()}
          >
            <IconArrowUp aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
