import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from './args.ts';
import type { Branch } from './list-statements.ts';
import type { LoadRequest } from './load.ts';
import type { CeilingScenario } from './pg-ceiling.ts';
import { rotate } from './scenarios.ts';
import { startMinimalServer, type RunningServer } from './server-process.ts';

/**
 * Starts the minimal ceiling's process for one tenant. On PostgreSQL it opens the benchmark
 * database with the server's pool size; on PGlite, which one process holds at a time, a copy of
 * the generated database (`<dataDir>/pg`, as apps/api/src/db/client.ts keeps it), made before the
 * server starts and removed when the process stops.
 */
export async function startMinimalCeiling(options: {
  engine: Engine;
  dataDir: string;
  databaseUrl: string;
  poolSize: number;
  tenant: Branch;
  port: string;
}): Promise<RunningServer> {
  const env: Record<string, string> = {
    COMPANY_ID: String(options.tenant.companyId),
    BRANCH_ID: String(options.tenant.branchId),
    DATABASE_URL: options.engine === 'postgres' ? options.databaseUrl : '',
    DB_POOL_SIZE: String(options.poolSize),
  };
  const copy = options.engine === 'pglite' ? `${options.dataDir}-minimal` : undefined;
  if (copy) {
    fs.cpSync(path.join(options.dataDir, 'pg'), copy, { recursive: true });
    env.PGLITE_DIR = copy;
  }
  const server = await startMinimalServer(options.port, env);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      if (copy) fs.rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * The minimal ceiling's request of a scenario: the list page, a barcode of `barcodes` rotated as
 * the server's barcode scenario rotates them, or the surname fragment.
 */
export function minimalRequest(
  scenario: CeilingScenario,
  context: { barcodes: string[]; surname: string },
): LoadRequest {
  switch (scenario) {
    case 'list':
      return { method: 'GET', path: '/list' };
    case 'barcode': {
      const nextBarcode = rotate(context.barcodes);
      return {
        method: 'GET',
        path: '/barcode',
        next: () => ({ path: `/barcode?code=${nextBarcode()}` }),
      };
    }
    case 'surname':
      return { method: 'GET', path: `/surname?q=${encodeURIComponent(context.surname)}` };
  }
}
