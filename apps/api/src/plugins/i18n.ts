import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import { languageFromAcceptLanguage, type Language } from '@taxfree/domain';
import { translator } from '../lib/i18n.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    /** The interface language asked for in Accept-Language (English otherwise). */
    language: Language;
    /** Translates a key of the `server` catalogue (or another with `ns`) into `language`. */
    t: TFunction;
  }
}

/**
 * How many distinct Accept-Language headers are kept with their language, and how long one may
 * be: a browser sends the same short header on every call, so it is read once, not split and
 * sorted per request. A longer header is read each time; past 256 the kept ones are dropped.
 */
const KNOWN_HEADERS_MAX = 256;
const KNOWN_HEADER_LENGTH_MAX = 200;

export const i18nPlugin = fp(async (app: FastifyInstance) => {
  const known = new Map<string, Language>();
  const languageOf = (header: string | undefined): Language => {
    if (!header || header.length > KNOWN_HEADER_LENGTH_MAX)
      return languageFromAcceptLanguage(header);
    let language = known.get(header);
    if (language === undefined) {
      language = languageFromAcceptLanguage(header);
      if (known.size >= KNOWN_HEADERS_MAX) known.clear();
      known.set(header, language);
    }
    return language;
  };
  app.decorateRequest('language', 'en');
  app.decorateRequest('t', null as unknown as TFunction);
  app.addHook('onRequest', (request, _reply, next) => {
    request.language = languageOf(request.headers['accept-language']);
    request.t = translator(request.language);
    next();
  });
});
