import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  NAMESPACES,
  isLanguage,
  type Language,
} from '@taxfree/domain';
import { htmlLang, readStoredLanguage, storeLanguage } from './language';

/**
 * Every catalogue is its own lazily loaded chunk: only the chosen language (and English, the
 * fallback for keys another language lacks) is fetched, never the other seven.
 */
const catalogues = import.meta.glob<ResourceKey>(
  '../../../../packages/domain/src/i18n/locales/*/*.json',
  { import: 'default' },
);

function catalogueLoader(language: string, namespace: string) {
  return catalogues[`../../../../packages/domain/src/i18n/locales/${language}/${namespace}.json`];
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = catalogueLoader(language, namespace);
    // A catalogue not written yet is not an error: the English fallback covers its keys.
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

export const i18n = i18next.createInstance();

export const baseI18nOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Keep `sl-si` as written: i18next would otherwise look for `sl-SI`.
  lowerCaseLng: true,
  load: 'currentOnly',
  // The server's catalogue (fallback texts for its messages, e-mails) waits for the signed-in
  // shell: the login page loads only what it shows.
  ns: NAMESPACES.filter((namespace) => namespace !== 'server'),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

function reflectLanguage(language: string) {
  if (!isLanguage(language)) return;
  storeLanguage(language);
  document.documentElement.lang = htmlLang(language);
  document.title = i18n.t('app.name');
}

i18n.on('languageChanged', reflectLanguage);

/** Loads the stored language's catalogues; the app renders once this resolves. */
export async function initI18n(language: Language = readStoredLanguage()) {
  await i18n
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({ ...baseI18nOptions, lng: language });
  reflectLanguage(i18n.language);
  return i18n;
}

/** The language the user chose: what `Accept-Language` carries to the server. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language) {
  await i18n.changeLanguage(language);
}

/** The catalogues the signed-in screens use besides those loaded at start (see `ns` above). */
export function loadSignedInCatalogues(): Promise<void> {
  return i18n.loadNamespaces('server');
}
