import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.ts';
import { createdAt } from './columns.ts';
import { sessions, users } from './users.ts';

/**
 * A till's API key. The key acts as a user of its own (role `till`, named as the key) through a
 * session of its own whose token is the key: what a clerk of its branch may call it may call,
 * its actions are audited under its name, and revoking it ends its session in every process at
 * once, as a sign-out does. Only the key's SHA-256 is stored (in its session) and its last four
 * characters here, to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    /** The user the key acts as. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lastFour: text('last_four').notNull(),
    /** The manager who created it. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId, t.id)],
);
