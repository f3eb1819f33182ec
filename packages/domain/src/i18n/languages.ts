/** The interface languages, in the order the language selector shows them. */
export const LANGUAGES = ['en', 'hr', 'fr', 'sl-si', 'de', 'sr', 'bs', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language selector shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hr: 'Hrvatski',
  fr: 'Français',
  'sl-si': 'Slovenščina',
  de: 'Deutsch',
  sr: 'Srpski',
  bs: 'Bosanski',
  es: 'Español',
};

/** Each language's locale for `Intl` formats: its own grouping, decimal marks and dates. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  hr: 'hr-HR',
  fr: 'fr-FR',
  'sl-si': 'sl-SI',
  de: 'de-DE',
  sr: 'sr-Latn-RS',
  bs: 'bs-Latn-BA',
  es: 'es-ES',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a tag such as `sl`, `sl-SI`, `sr-Latn-RS` or `de-AT` to one of the interface languages. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (isLanguage(lower)) return lower;
  const primary = lower.split(/[-_]/)[0];
  if (primary === 'sl') return 'sl-si';
  return isLanguage(primary) ? primary : undefined;
}

/**
 * Picks the best interface language from an `Accept-Language` header, honouring q-values;
 * English when nothing matches.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const language = toLanguage(entry.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

const collators = new Map<Language, Intl.Collator>();

/**
 * Items sorted by their names as the language sorts them (`č` after `c` in Croatian, `ä` with `a`
 * in German): what a list of names translated on the way out is ordered by, since the database
 * ordered the names it holds.
 */
export function inLanguageOrder<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  language: Language,
): T[] {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(LANGUAGE_LOCALES[language]);
    collators.set(language, collator);
  }
  const compare = collator.compare;
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)));
}
