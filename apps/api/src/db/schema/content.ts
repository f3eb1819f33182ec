import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.ts';
import { bytea, createdAt, updatedAt } from './columns.ts';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Local date and time, 'yyyy-mm-dd HH:mm:ss' on the wire. */
    notificationSchedule: timestamp('notification_schedule', { mode: 'string' }),
    /** Comma-separated promotion category values. */
    shoppingBehavior: text('shopping_behavior'),
    /** Comma-separated ISO3 codes. */
    targetedNationality: text('targeted_nationality'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_list_idx').on(t.companyId, t.branchId, t.createdAt.desc()),
    index('promotions_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    image: text('image'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gallery_items_list_idx').on(t.companyId, t.branchId, t.createdAt.desc()),
    index('gallery_items_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/**
 * Uploaded images and generated PDFs: one row each, whose bytes live in the file store (files
 * beside the embedded database, `stored_file_chunks` on a PostgreSQL server; lib/files).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** An upload stays temporary until a saved record refers to it; unclaimed ones are purged. */
    temporary: integer('temporary').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_name_key').on(t.name),
    index('stored_files_temporary_idx').on(t.temporary, t.createdAt),
    index('stored_files_company_temporary_idx').on(t.companyId, t.temporary),
  ],
);

/**
 * The bytes of stored files on a PostgreSQL server, in chunks of at most 256 KiB (the last one
 * shorter), so that no statement carries or answers a whole file. Deleted with their row.
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    companyId: integer('company_id').notNull(),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/** Who did what to which record, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    // A form's audit trail reads its entries alone, oldest first.
    index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId, t.createdAt),
  ],
);
