import { buildTemplate } from '../../src/db/pglite-template.ts';

/** Every test file opens a fresh embedded database: unpacking the template is much quicker. */
export default async function setup() {
  await buildTemplate();
}
