import { NativeSelect } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { htmlLang } from '@/lib/language';
import { IconLanguage } from './start-icons';
import classes from './language-select.module.css';

/**
 * The eight interface languages, each named in itself; the choice applies at once and persists.
 * A native select: fully keyboard- and screen-reader-friendly, and light enough for the login.
 * In the top bar (`isInBar`) the word "Language" shows from 90em (1,440 px) only: below, the
 * icon and the language's name say enough and the bar's entries need the room.
 */
export function LanguageSelect({ isInBar = false }: { isInBar?: boolean }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();

  return (
    <NativeSelect
      classNames={{ root: classes.root, label: classes.label, input: classes.input }}
      label={
        <>
          <IconLanguage size={18} aria-hidden />
          <span className={isInBar ? classes.labelTextInBar : classes.labelText}>
            {t('language.label')}
          </span>
        </>
      }
      // Its name whether or not the word beside the icon is shown.
      aria-label={t('language.label')}
      name="language"
      size="sm"
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) setLanguage(next);
      }}
      data-testid="language-select"
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={htmlLang(code)}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </NativeSelect>
  );
}
