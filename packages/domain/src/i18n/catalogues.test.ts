import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { CATALOGUE_FILES } from './resources.ts';

type Catalogue = { [key: string]: string | Catalogue };

function read(language: string, namespace: string): Catalogue {
  const url = new URL(`./locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(url, 'utf8')) as Catalogue;
}

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(CATALOGUE_FILES)('the %s catalogues', (namespace) => {
  const english = flatten(read('en', namespace));

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has exactly the keys English has',
    (language) => {
      const other = flatten(read(language, namespace));
      const missing = [...english.keys()].filter((k) => !other.has(k));
      const extra = [...other.keys()].filter((k) => !english.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(LANGUAGES)('%s keeps every placeholder and leaves nothing empty', (language) => {
    const other = flatten(read(language, namespace));
    for (const [key, text] of other) {
      expect(text.trim(), `${language}:${namespace}:${key}`).not.toBe('');
      expect(placeholders(text), `${language}:${namespace}:${key}`).toEqual(
        placeholders(english.get(key) ?? ''),
      );
    }
  });
});

describe('the common namespace in two files', () => {
  it.each(LANGUAGES)('%s: start.json and common.json never hold the same group', (language) => {
    const start = Object.keys(read(language, 'start'));
    const rest = Object.keys(read(language, 'common'));
    expect(start.filter((group) => rest.includes(group))).toEqual([]);
  });
});
