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

export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'en');
  app.decorateRequest('t', null as unknown as TFunction);
  app.addHook('onRequest', (request, _reply, next) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
    request.t = translator(request.language);
    next();
  });
});
