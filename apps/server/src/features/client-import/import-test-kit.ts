// What the import tests share: one app per file, an adviser with a BQ_RISK product, the multipart form of an
// upload and the account's clients as stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { clients } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

export interface ImportTestKit {
  /** The file's app (set before its first test). */
  app(): TestApp;
  /** A signed-in adviser of a new account with one BQ_RISK configuration. */
  adviser(): Promise<{ http: TestClient; account: { id: string }; configId: string }>;
  /** The upload's form: the column mapping and the file. */
  form(content: string | Buffer, mapping: Record<string, string>, opts?: { name?: string; type?: string }): FormData;
  /** The account's clients, by address. */
  clientsOf(accountId: string): Promise<(typeof clients.$inferSelect)[]>;
}

export function importTestKit(): ImportTestKit {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  return {
    app: () => t,
    async adviser() {
      const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
      const { email, password } = await createUser(t.db, acc.account.id);
      const http = new TestClient(t.app);
      await http.login(email, password);
      return { http, account: acc.account, configId: acc.configs[0]!.id };
    },
    form(content, mapping, opts = {}) {
      const data = new FormData();
      data.append('mapping', JSON.stringify(mapping));
      data.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: opts.type ?? 'text/csv' }), opts.name ?? 'clients.csv');
      return data;
    },
    clientsOf: (accountId) => t.db.select().from(clients).where(eq(clients.accountId, accountId)).orderBy(clients.email),
  };
}
