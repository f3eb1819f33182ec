import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.ts';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    country: text('country'),
    /** Stored file name of the profile picture; null shows the default avatar. */
    image: text('image'),
    passportNumber: text('passport_number'),
    language: text('language').notNull().default('en'),
    /** Whether a form this user issues or updates opens for printing at once. */
    printAfterIssue: boolean('print_after_issue').notNull().default(true),
    /** Set for users created by an operator until they choose their own password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * `manager` (the staff, branches, shop, settings, content, exports, keys), `clerk` (the
     * counter), or `till`: the user a till's API key acts as (api-keys.ts), never signed in with
     * a password and never listed among the staff.
     */
    role: text('role', { enum: ['manager', 'clerk', 'till'] })
      .notNull()
      .default('manager'),
    /** A deactivated user signs in no more, and its sessions ended when it was deactivated. */
    active: boolean('active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_company_username_key').on(t.companyId, sql`lower(${t.username})`),
    index('users_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('manager', 'clerk', 'till')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_company_user_idx').on(t.companyId, t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** Failed sign-ins, counted per account+username and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.accountKey, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Counted requests of one kind (`scope`) by one caller (`key`: a company, an address, an account
 * and e-mail), for limits other than sign-in failures. Counted in the database, so that every
 * server process shares the counts; old rows are removed by housekeeping.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_events_scope_key_idx').on(t.scope, t.key, t.createdAt)],
);
