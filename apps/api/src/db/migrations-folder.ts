import { apiPath } from '../api-dir.ts';

/** The generated SQL migrations, the same on PGlite and PostgreSQL. */
export const migrationsFolder = apiPath('src', 'db', 'migrations');
