import type { Db } from './client.ts';

/**
 * A query built once per database and kept as a named prepared statement: a read behind many
 * calls (the session of a call the process has not seen lately) skips building its SQL on every
 * request, and PostgreSQL skips parsing it. The list's reads go further (`Database.read`).
 */
export function preparedPerDatabase<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
