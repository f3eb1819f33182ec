import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance, type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@taxfree/domain';

/** The server speaks only these; `common` belongs to the web app. */
const SERVER_NAMESPACES = ['validation', 'server'] as const;

function readCatalogue(language: Language, namespace: string): Record<string, unknown> {
  const file = fileURLToPath(
    import.meta.resolve(`@taxfree/domain/locales/${language}/${namespace}.json`),
  );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

const i18n = createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, readCatalogue(language, ns)])),
    ]),
  ),
});

const translators = new Map<Language, TFunction>();

/**
 * Every answer carries a message, most of them a plain key ("success.ok"): each language's text of
 * a plain key is looked up once. Keys with options (interpolation, plurals) and keys missing from
 * the catalogues go to i18next every time.
 */
function rememberingPlainKeys(t: TFunction): TFunction {
  const plain = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => string;
  const translate = (...args: unknown[]): string => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return call(...args);
    let text = plain.get(key);
    if (text === undefined) {
      text = call(key);
      if (text !== key) plain.set(key, text);
    }
    return text;
  };
  return translate as unknown as TFunction;
}

/** A translate function fixed to one language, made once and shared by every request. */
export function translator(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = rememberingPlainKeys(i18n.getFixedT(language));
    translators.set(language, t);
  }
  return t;
}

/** Whether a message key exists in the validation catalogue. */
export function isValidationKey(key: string): boolean {
  return i18n.exists(key, { ns: 'validation', lng: 'en' });
}
