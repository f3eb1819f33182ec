import { sql } from 'drizzle-orm';
import { date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, updatedAt } from './columns.ts';

export const travellers = pgTable(
  'travellers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passport: text('passport').notNull(),
    issuedGovt: integer('issued_govt'),
    nationality: integer('nationality'),
    dateOfBirth: date('date_of_birth'),
    postcode: text('postcode'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('travellers_company_passport_key').on(t.companyId, sql`upper(${t.passport})`),
  ],
);
