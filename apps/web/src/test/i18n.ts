import common from '@taxfree/domain/locales/en/common.json';
import server from '@taxfree/domain/locales/en/server.json';
import start from '@taxfree/domain/locales/en/start.json';
import validation from '@taxfree/domain/locales/en/validation.json';
import { initReactI18next } from 'react-i18next';
import { baseI18nOptions, i18n } from '@/lib/i18n';

/** English, bundled: tests read the real texts without the lazy loader. */
export async function initTestI18n() {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    ...baseI18nOptions,
    lng: 'en',
    resources: { en: { common: { ...start, ...common }, server, validation } },
  });
}
