import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money is numeric(14,2) in the database; code converts it to integer cents at the edge. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
