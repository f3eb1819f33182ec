import { fileURLToPath } from 'node:url';

/** The generated SQL migrations, the same on PGlite and PostgreSQL. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
