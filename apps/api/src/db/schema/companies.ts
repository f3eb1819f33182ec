import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY_RULES } from '@taxfree/domain';
import { createdAt, updatedAt } from './columns.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    accountNo: text('account_no').notNull(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 of the country the company is registered in. */
    country: text('country').notNull(),
    /** The Croatia-customised mode is on unless this is the text 'false' (SPEC 1). */
    ushopSetting: text('ushop_setting').notNull().default('true'),
    currency: text('currency').notNull().default('EUR'),
    /**
     * IANA time zone of the shops: "today" on the dashboard is their calendar day. The default is
     * the portal's first market's zone (the SQL default, 'Europe/Zagreb', as migrated).
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_COUNTRY_RULES.timeZone),
    /** The legal identity printed on every form (DOMAIN.md): registered name, address, VAT number. */
    legalName: text('legal_name'),
    vatNumber: text('vat_number'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_account_no_key').on(t.accountNo)],
);

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchName: text('branch_name').notNull(),
    website: text('website'),
    description: text('description'),
    /** Stored file name of the logo; null shows logo_dummy.jpg. */
    logo: text('logo'),
    /** JSON text `{"latitude": …, "longitude": …}` (SPEC 3). */
    location: text('location'),
    /** Comma-separated product category ids (SPEC 3). */
    productCategory: text('product_category'),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    phone: text('phone'),
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('branches_company_idx').on(t.companyId),
    uniqueIndex('branches_company_name_key').on(t.companyId, sql`lower(${t.branchName})`),
  ],
);
