// Runs once per API test run: builds a migrated template database with the shipped translations, which
// every test file then clones (PGlite: a dumped data dir; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedTranslations } from '../features/translations/seed-translations';
import { paths } from '../paths';
import { openJobQueue } from '../jobs/queue';
import { adminQuery, testDatabaseUrl, withDatabase } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const template = `bq_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(baseUrl, template) });
    await migrateDatabase(database);
    await seedTranslations(database.db, paths.translationsData);
    await (await openJobQueue(database)).stop(); // installs the queue's schema once, for every clone
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      const { rows } = await adminQuery(baseUrl, `SELECT datname FROM pg_database WHERE datname LIKE 'bq_t_${process.pid}_%' OR datname = '${template}'`);
      for (const row of rows as { datname: string }[]) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bq-pglite-tpl-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedTranslations(database.db, paths.translationsData);
  await (await openJobQueue(database)).stop();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
