// Bulk invitations rendered when they are sent (docs/decisions/0057 addendum): the chunk writes values, not text,
// and the mail the client gets is the one the single send renders (same subject, greeting, link, branding, sender,
// language), in English and German; a mail that cannot be rendered fails alone, with the reason.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHosts, clients, interactionInstances, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OutboxDispatcher } from '../mail/outbox-dispatcher';
import type { MailTransport, OutboxMail } from '../mail/transport';
import { eraseClient } from '../data-rights/erase-client';
import { erasureSecurityCode } from '../data-rights/security-code';
import { adviserWithClients } from './bulk-fixtures';
import { createDeliveryRenderer } from './render-at-delivery';
import { runBulkSend } from './run-bulk-send';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function recordingTransport() {
  const sent: OutboxMail[] = [];
  const transport: MailTransport = { kind: 'smtp', parallel: 5, send: async (mail) => void sent.push(mail), close() {} };
  return { transport, sent };
}

/** Only this test's account: earlier tests' mails are made due never again. */
const parkOthers = (accountId: string) =>
  t.db.execute(sql`update mail_outbox set status = 'SENT' where status = 'PENDING' and dispatch_after is not null and account_id <> ${accountId}`);

const BRANDING = { firmName: 'Kanzlei Weiß & Partner', address: 'Hauptstraße 1\n80331 München', footerLine: 'Ihre Kanzlei für Vermögensfragen', primaryColor: '#0B6E4F', accentColor: '#1c5bb8' };

describe('bulk invitations rendered at delivery', () => {
  for (const locale of ['EN_US', 'DE_DE'] as const) {
    it(`${locale}: the delivered mail is the single send's mail, but for its own link`, async () => {
      const adviser = await adviserWithClients(t, 2, { locale });
      expect((await adviser.http.request('PUT', '/api/account/branding', BRANDING)).statusCode).toBe(200);
      await t.db.update(clients).set({ salutation: 'MS' }).where(inArray(clients.token, adviser.tokens));
      // In German the firm has its own host (docs/decisions/0056 addendum): both mails' links name it.
      const host = `berater-${Date.now()}.kanzlei-weiss.example`;
      if (locale === 'DE_DE') await t.db.insert(accountHosts).values({ host, accountId: adviser.accountId });
      // The reference: a single send to the client, rendered when written, as before.
      const single = await adviser.http.request('POST', '/api/instance', { clientToken: adviser.tokens[0], productConfigurationId: adviser.configId, sendInvitationEmail: true });
      expect(single.statusCode).toBe(201);
      const singleToken = single.json().token as string;
      const [reference] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, adviser.accountId));
      // That questionnaire ends, so the bulk send may send the same client a new one.
      await t.db.update(interactionInstances).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interactionInstances.token, singleToken));

      const started = (await adviser.http.request('POST', '/api/instance/bulk', { productConfigurationId: adviser.configId, clientTokens: [adviser.tokens[0]], sendInvitationEmail: true })).json();
      await runBulkSend(t.db, t.config, started.id);
      const [written] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, sql`(select dedupe_key from mail_outbox where account_id = ${adviser.accountId} and render_values is not null)`));
      // Written: the values only, a few hundred bytes instead of the rendered mail.
      expect(written).toMatchObject({ subject: '', textBody: '', htmlBody: '', status: 'PENDING' });
      expect(JSON.stringify(written!.renderValues).length).toBeLessThan(400);

      await parkOthers(adviser.accountId);
      await t.db.update(mailOutbox).set({ status: 'SENT' }).where(eq(mailOutbox.id, reference!.id));
      const { transport, sent } = recordingTransport();
      const dispatcher = new OutboxDispatcher(t.db, transport, { batch: 10, perAccount: 10, render: createDeliveryRenderer(t.db, t.config) });
      expect(await dispatcher.dispatchOnce()).toBe(1);
      const delivered = sent[0]!;
      const bulkToken = written!.renderValues!.instanceToken;
      const asBulk = (text: string) => text.replaceAll(singleToken, bulkToken);
      expect(delivered.subject).toBe(reference!.subject);
      expect(delivered.textBody).toBe(asBulk(reference!.textBody));
      expect(delivered.htmlBody).toBe(asBulk(reference!.htmlBody));
      expect(delivered.fromName).toBe(reference!.fromName);
      expect(delivered.fromName).toContain('Kanzlei Weiß & Partner');
      expect(delivered.textBody).toContain(`${locale === 'DE_DE' ? `${new URL(t.config.publicUrl).protocol}//${host}` : t.config.publicUrl}/q/${bulkToken}`);
      expect(delivered).toMatchObject({ locale, toAddress: reference!.toAddress, messageId: written!.messageId });
      // The row keeps what was sent.
      const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, written!.id));
      expect(after).toMatchObject({ status: 'SENT', subject: delivered.subject, textBody: delivered.textBody, htmlBody: delivered.htmlBody, fromName: delivered.fromName });
    });
  }

  it('a mail that cannot be rendered fails with the reason; the others of its round are sent', async () => {
    const adviser = await adviserWithClients(t, 3);
    const started = (await adviser.http.request('POST', '/api/instance/bulk', { productConfigurationId: adviser.configId, clientTokens: adviser.tokens, sendInvitationEmail: true })).json();
    await runBulkSend(t.db, t.config, started.id);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, adviser.accountId));
    expect(mails).toHaveLength(3);
    const broken = mails[0]!;
    await t.db.update(mailOutbox).set({ renderValues: { ...broken.renderValues!, salutation: 'NOBODY' as never } }).where(eq(mailOutbox.id, broken.id));

    await parkOthers(adviser.accountId);
    const { transport, sent } = recordingTransport();
    const dispatcher = new OutboxDispatcher(t.db, transport, { batch: 10, perAccount: 10, render: createDeliveryRenderer(t.db, t.config) });
    expect(await dispatcher.dispatchOnce()).toBe(3);
    expect(sent.map((m) => m.toAddress).sort()).toEqual(mails.slice(1).map((m) => m.toAddress).sort());
    const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, adviser.accountId));
    expect(after.find((m) => m.id === broken.id)).toMatchObject({ status: 'FAILED' });
    expect(after.find((m) => m.id === broken.id)!.lastError).toContain('rendering failed');
    expect(after.filter((m) => m.status === 'SENT')).toHaveLength(2);
    // Given up at once: the same values would fail again.
    expect(await dispatcher.dispatchOnce()).toBe(0);
  });

  it("erasing a client clears the values of its invitation not yet sent (the names in them), and it is never sent", async () => {
    const adviser = await adviserWithClients(t, 1);
    const started = (await adviser.http.request('POST', '/api/instance/bulk', { productConfigurationId: adviser.configId, clientTokens: adviser.tokens, sendInvitationEmail: true })).json();
    await runBulkSend(t.db, t.config, started.id);
    const [client] = await t.db.select().from(clients).where(eq(clients.token, adviser.tokens[0]!));
    await eraseClient(t.db, { clientId: client!.id, securityCode: erasureSecurityCode(t.config.dataEncryptionKey, client!), masterKey: t.config.dataEncryptionKey });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, adviser.accountId));
    expect(mail).toMatchObject({ status: 'FAILED', renderValues: null, toAddress: 'erased' });
    expect(JSON.stringify(mail)).not.toContain(client!.firstName);
  });
});
