import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * Levels of arrays and objects a JSON body may have. The deepest real payload, a form's invoices
 * and their breakdown lines, has about five.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether the JSON text opens more than `limit` arrays and objects inside one another, skipping
 * strings and their escapes. Stops at the first level past the limit; text that is not JSON at
 * all is left for the parser to refuse.
 */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i += 1; i < text.length; i += 1) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i += 1;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify reads them (same types, size limit, empty and broken bodies, and
 * prototype-poisoning protection, by its own parser), but a body nested past MAX_JSON_DEPTH is
 * refused before it is parsed: parsing half a million levels holds the event loop for a third of
 * a second, before any route can check who is asking.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // `parseAs: 'string'` hands over the body as text.
    const text = body as string;
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BODY_TOO_DEEP'), undefined);
      return;
    }
    parse(request, text, done);
  });
});
