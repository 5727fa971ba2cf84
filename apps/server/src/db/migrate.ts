// Applies the drizzle migrations to either database kind.
import type { Database } from './client';
import { paths } from '../paths';

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = paths.migrations;
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}
