// Helpers to create and drop throw-away PostgreSQL databases for API tests (DATABASE_URL is the admin URL).
import pg from 'pg';
import { loadConfig } from '../config';

export function testDatabaseUrl(): string | undefined {
  return loadConfig().DATABASE_URL;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
