import type common from '@taxfree/domain/locales/en/common.json';
import type server from '@taxfree/domain/locales/en/server.json';
import type start from '@taxfree/domain/locales/en/start.json';
import type validation from '@taxfree/domain/locales/en/validation.json';

// i18next is typed through module augmentation, which only an interface can do.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      // Written in two files: start.json, which the login page loads first, and common.json.
      common: typeof start & typeof common;
      validation: typeof validation;
      server: typeof server;
    };
  }
}
