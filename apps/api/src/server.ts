import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loggerOptions } from './lib/logging.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.ts';
import { demoAccountLine, prepareDatabase } from './db/prepare.ts';
import { startOperatorSocket } from './cli/operator-socket.ts';
import { createMailer } from './lib/mailer.ts';
import { loadSecretKey } from './lib/secret-key.ts';
import { trimMemoryEvery } from './lib/memory-trim.ts';
import path from 'node:path';

/** How often free memory is handed back to the system. */
const MEMORY_TRIM_EVERY_MS = 5_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const embedded = !config.DATABASE_URL;
  let releaseLock = () => {};
  if (embedded) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DB_POOL_SIZE,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  const { seededDemo, recovery } = await prepareDatabase(database, {
    demoSeed: config.DEMO_SEED,
  });

  const logger = loggerOptions(config.LOG_LEVEL);
  const app = await buildApp({
    config,
    database,
    secretKey: loadSecretKey(config.SECRET_KEY, config.dataDir),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    logger,
  });
  if (Object.values(recovery).some((n) => n > 0)) {
    app.log.info({ recovery }, 'file store put right at start-up');
  }
  // What start-up and each heavy job free is given back to the system, not kept (lib/memory-trim.ts).
  const stopTrimming = trimMemoryEvery(MEMORY_TRIM_EVERY_MS);
  const stopOperator = embedded
    ? await startOperatorSocket(database.db, config.dataDir)
    : async () => {};

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    stopTrimming();
    await app.close();
    await stopOperator();
    await database.close();
    releaseLock();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\nTax Free Retailer Portal is ready on ${config.publicUrl} (${where}).`);
  if (config.DEMO_SEED) {
    console.log(`${demoAccountLine(seededDemo)}\n`);
  }
}

await main();
