import { sql } from 'drizzle-orm';
import type { Recovery } from '../lib/files/file-store.ts';
import type { Database } from './client.ts';
import { seedReferenceData } from './seed/reference.ts';
import {
  DEMO_ACCOUNT,
  DEMO_CLERK,
  demoAccountLine,
  isDatabaseEmpty,
  seedDemo,
} from './seed/demo.ts';

/** Any fixed number: the key of the advisory lock that serialises start-up work. */
const STARTUP_LOCK = 727_274_001;

/**
 * Reference data and, on an empty database, the demo retailer. On PostgreSQL several
 * processes may start at once: an advisory lock lets one of them do it. First the file store is
 * put right after however the last process ended (docs/decisions/013).
 */
export async function prepareDatabase(
  database: Database,
  options: { demoSeed: boolean },
): Promise<{ seededDemo: boolean; recovery: Recovery }> {
  const { db } = database;
  const recovery = await database.files.recover(db);
  const { seededDemo } = await db.transaction(async (tx) => {
    if (database.engine === 'postgres')
      await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    await seedReferenceData(tx);
    if (options.demoSeed && (await isDatabaseEmpty(tx))) {
      await seedDemo(tx, database.files);
      return { seededDemo: true };
    }
    return { seededDemo: false };
  });
  return { seededDemo, recovery };
}

export { DEMO_ACCOUNT, DEMO_CLERK, demoAccountLine };
