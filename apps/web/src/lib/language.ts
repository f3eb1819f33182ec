import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@taxfree/domain';

/** The key the original portal kept the interface language under; kept for continuity. */
export const LANGUAGE_STORAGE_KEY = 'vue-lang';

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice simply does not survive a reload.
  }
}

/** The BCP 47 tag for `<html lang>`: Serbian is written in Latin script here, and says so. */
export function htmlLang(language: Language): string {
  if (language === 'sr') return 'sr-Latn';
  if (language === 'sl-si') return 'sl-SI';
  return language;
}
