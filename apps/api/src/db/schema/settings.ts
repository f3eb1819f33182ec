import {
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { updatedAt } from './columns.ts';

/**
 * One row per company. Each part is a JSON document whose shape is the zod schema of the
 * same name in the domain package (SPEC 3 "Settings").
 */
export const settings = pgTable('settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  generalSetting: jsonb('general_setting').notNull(),
  taxFreeSetting: jsonb('tax_free_setting').notNull(),
  vatSetting: jsonb('vat_setting').notNull(),
  refundCalculationSetting: jsonb('refund_calculation_setting').notNull(),
  updatedAt: updatedAt(),
});

/** Reference data shared by every tenant; the id is what forms store (42 is the default). */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey(),
    iso2: text('iso2').notNull(),
    iso3: text('iso3').notNull(),
    /** Whether travellers resident there are outside the EU and so eligible. */
    isEu: smallint('is_eu').notNull().default(0),
  },
  (t) => [
    uniqueIndex('countries_iso2_key').on(t.iso2),
    uniqueIndex('countries_iso3_key').on(t.iso3),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The category code (SPEC 3 "category_id"). */
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('product_categories_company_code_key').on(t.companyId, t.code)],
);

export const promotionCategories = pgTable(
  'promotion_categories',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.value] })],
);
