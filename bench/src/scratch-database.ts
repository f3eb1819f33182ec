import pg from 'pg';

/** The server whose `postgres` database creates and drops the benchmarks' own databases. */
export function adminUrl(given?: string): string {
  return given ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A new, empty PostgreSQL database named `name` on the server of `admin`: its URL, and `drop`,
 * which removes it even while connections to it remain.
 */
export async function scratchDatabase(
  admin: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
