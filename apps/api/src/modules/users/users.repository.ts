import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type ProfileChange = {
  name: string;
  email: string;
  mobile: string;
  image: string | null;
  country: string | null;
};

export async function updateProfile(
  db: Db | Tx,
  companyId: number,
  userId: number,
  change: ProfileChange,
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** The user's own working preferences. */
export async function updatePreferences(
  db: Db | Tx,
  companyId: number,
  userId: number,
  preferences: { printAfterIssue: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({ ...preferences, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
