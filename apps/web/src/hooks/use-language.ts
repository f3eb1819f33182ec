import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';

/** The interface language and a way to switch it; every translated component follows. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return [language, (next) => void changeLanguage(next)];
}
