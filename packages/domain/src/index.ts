export * from './api/envelope.ts';
export * from './auth/auth.schema.ts';
export * from './errors/error-codes.ts';
export * from './i18n/languages.ts';
export * from './i18n/resources.ts';
export * from './settings/settings.schema.ts';
export * from './money/money.rules.ts';
export * from './forms/barcode.rules.ts';
