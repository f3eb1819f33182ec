export * from './api/envelope.ts';
export * from './auth/auth.schema.ts';
export * from './errors/error-codes.ts';
export * from './i18n/languages.ts';
export * from './i18n/resources.ts';
