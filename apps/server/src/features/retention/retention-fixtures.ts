// Rows for the retention tests, dated in the past: clients with a product membership, results and mails.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientProducts, clients, interactionInstances, mailOutbox } from '../../db/schema';

export interface Fixture {
  db: Db;
  accountId: string;
  risk: string;
  selection: string;
}

const token = () => randomBytes(18).toString('base64url');

/** `from` moved by whole years, months and days (negative: into the past). */
export function dated(from: Date, by: { years?: number; months?: number; days?: number }): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + (by.years ?? 0));
  d.setUTCMonth(d.getUTCMonth() + (by.months ?? 0));
  return new Date(d.getTime() + (by.days ?? 0) * 86_400_000);
}

export async function newClient(f: Fixture, lastName: string, opts: { createdAt: Date }, configId = f.risk): Promise<string> {
  const [row] = await f.db
    .insert(clients)
    .values({ accountId: f.accountId, token: token(), firstName: 'Test', lastName, email: `${token()}@example.org`, createdAt: opts.createdAt, updatedAt: opts.createdAt })
    .returning();
  await f.db.insert(clientProducts).values({ clientId: row!.id, productConfigurationId: configId, accountId: f.accountId, createdAt: opts.createdAt, lastActivityAt: opts.createdAt });
  return row!.id;
}

/** A finished result, last changed at `at`. */
export async function newInstance(f: Fixture, clientId: string, configId: string, at: Date): Promise<string> {
  const [row] = await f.db
    .insert(interactionInstances)
    .values({
      accountId: f.accountId,
      token: token(),
      clientId,
      productConfigurationId: configId,
      interactionId: 'retention-test',
      status: 'FILLED',
      answers: { q1: 3 },
      createdAt: at,
      filledAt: at,
      updatedAt: at,
    })
    .returning();
  return row!.id;
}

/** The adviser ended the client's membership in the product at `at` (deactivated), with no activity since. */
export async function endRelationship(f: Fixture, clientId: string, configId: string, at: Date): Promise<void> {
  await f.db
    .update(clientProducts)
    .set({ active: false, deactivatedAt: at, lastActivityAt: at })
    .where(and(eq(clientProducts.clientId, clientId), eq(clientProducts.productConfigurationId, configId)));
}

export async function newMail(f: Fixture, to: string, at: Date): Promise<string> {
  const [row] = await f.db
    .insert(mailOutbox)
    .values({
      accountId: f.accountId,
      kind: 'INVITATION',
      dedupeKey: `retention-test:${token()}`,
      toAddress: to,
      locale: 'EN_US',
      subject: 'Your questionnaire',
      textBody: 'Dear Test',
      htmlBody: '<p>Dear Test</p>',
      status: 'SENT',
      messageId: `<${token()}@example.org>`,
      createdAt: at,
      sentAt: at,
    })
    .returning();
  return row!.id;
}
