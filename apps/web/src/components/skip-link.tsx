import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop for keyboard users. It moves focus by script: with hash routing, following
 * `#main-content` would be read as a route.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
