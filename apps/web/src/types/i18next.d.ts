import type common from '@taxfree/domain/locales/en/common.json';
import type server from '@taxfree/domain/locales/en/server.json';
import type validation from '@taxfree/domain/locales/en/validation.json';

// i18next is typed through module augmentation, which only an interface can do.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      validation: typeof validation;
      server: typeof server;
    };
  }
}
