import type { Db } from './client.ts';

/**
 * A query built once per database and kept as a named prepared statement: the hot reads (the
 * session behind every call, the list's first page) skip building their SQL on every request,
 * and PostgreSQL skips parsing it.
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
