export * from './companies.ts';
export * from './users.ts';
export * from './settings.ts';
export * from './tax-forms.ts';
export * from './content.ts';
