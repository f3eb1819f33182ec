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

function loadCatalogue(language: string, file: string): Promise<ResourceKey> {
  const load = catalogues[`../../../../packages/domain/src/i18n/locales/${language}/${file}.json`];
  // A catalogue not written yet is not an error: the English fallback covers its keys.
  return load ? load() : Promise.resolve({});
}

/** Whether `common` is wanted whole: from the first screen past the login page on. */
let isCommonWhole = false;

/**
 * `common` is written in two files (see the domain's `resources.ts`): the login page reads
 * `start.json` alone; once the rest is wanted, a language is read from both.
 */
async function readNamespace(language: string, namespace: string): Promise<ResourceKey> {
  if (namespace !== 'common') return loadCatalogue(language, namespace);
  if (!isCommonWhole) return loadCatalogue(language, 'start');
  const [start, rest] = await Promise.all([
    loadCatalogue(language, 'start'),
    loadCatalogue(language, 'common'),
  ]);
  return { ...(start as object), ...(rest as object) };
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    readNamespace(language, namespace).then(
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
  // The server's catalogue (fallback texts for its messages, e-mails) and the most of `common`
  // wait for the first screen past the login page: the login page loads only what it shows.
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

let wholeCatalogues: Promise<void> | undefined;

/**
 * What every screen but the login page reads: the rest of `common` for the languages loaded so far
 * (a language chosen later is read whole) and the server's catalogue. The lazily loaded screens
 * wait for it with their code (`app/routes/lazy-screens.ts`); a failure is tried again by the next.
 */
export function loadWholeCatalogues(): Promise<void> {
  wholeCatalogues ??= (async () => {
    isCommonWhole = true;
    await Promise.all([
      ...i18n.languages.map(async (language) => {
        const rest = await loadCatalogue(language, 'common');
        i18n.addResourceBundle(language, 'common', rest, true, true);
      }),
      i18n.loadNamespaces('server'),
    ]);
  })().catch((error: unknown) => {
    wholeCatalogues = undefined;
    throw error;
  });
  return wholeCatalogues;
}
