import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from '@/lib/scroll';
import { IconArrowUp } from './icons';

/** How far down the page the button appears. */
export const GO_TO_TOP_OFFSET_PX = 300;

/** A floating button that appears after scrolling down and takes the page back up in 600 ms. */
export function GoToTop() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();

  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > GO_TO_TOP_OFFSET_PX}>
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
