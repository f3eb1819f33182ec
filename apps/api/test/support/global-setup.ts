import type { TestProject } from 'vitest/node';
import { buildTemplate } from '../../src/db/pglite-template.ts';
import { createPostgresTemplate } from './postgres-template.ts';

/**
 * Every test file opens a fresh database: unpacking the embedded template, or on PostgreSQL
 * copying a migrated one, is much quicker than migrating anew.
 */
export default async function setup(project: TestProject) {
  await buildTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_ENGINE !== 'postgres' || !adminUrl) return undefined;
  const template = await createPostgresTemplate(adminUrl);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
