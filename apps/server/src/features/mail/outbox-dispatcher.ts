// The outbox dispatcher (docs/decisions/0057): sends the mails that have no delivery job of their own (a bulk send's
// invitations, dispatch_after set) straight from mail_outbox, a batch at a time over the pooled SMTP transport, so
// they leave at the mail server's pace instead of one pg-boss job (fetch, claim, complete) per mail.
// Fair between accounts: every round looks at which accounts have mail due, serves them in turn from where the last
// round stopped, and takes at most a share of the batch from each, so one account's 100,000 invitations cannot hold
// back another account's ten. Claims are the same lease as a job's (SENDING, attempts + 1, sent_at = claim time),
// with SKIP LOCKED so several workers share the work; a failure goes back to PENDING later, with backoff.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { clients, interactionInstances, mailOutbox } from '../../db/schema';
import { appendToChain } from '../audit/audit-chain';
import { MAX_ATTEMPTS } from './deliver-mail';
import { isPermanentFailure, type MailTransport, type OutboxMail } from './transport';

export interface DispatchOptions {
  /** Mails claimed per round. */
  batch: number;
  /** At most this many from one account per round while other accounts have mail due as well. */
  perAccount: number;
  /** Base of the retry backoff: attempt n waits retrySeconds * 2^(n-1). */
  retrySeconds?: number;
  recordInTrail?: boolean;
  log?: FastifyBaseLogger;
  /**
   * Renders the mails written without their text (render_values set: a bulk send's invitations) just before they are
   * sent; answers each mail, rendered, or why it could not be. Without it such a mail fails.
   */
  render?: (mails: OutboxMail[]) => Promise<({ ok: true; mail: OutboxMail } | { ok: false; error: Error })[]>;
}

/** A mail that cannot be rendered is not retried: the same values would fail the same way. */
class RenderFailure extends Error {}

/** Accounts with dispatcher mail waiting, by a skip scan over the partial index (one probe per account, not per mail). */
async function accountsWithMail(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive due(account_id) as (
      (select account_id from mail_outbox
       where status = 'PENDING' and dispatch_after is not null and account_id is not null order by account_id limit 1)
      union all
      select (select m.account_id from mail_outbox m
              where m.status = 'PENDING' and m.dispatch_after is not null and m.account_id > due.account_id
              order by m.account_id limit 1)
      from due where due.account_id is not null
    )
    select account_id from due where account_id is not null`)) as unknown as { rows: { account_id: string }[] };
  return result.rows.map((r) => r.account_id);
}

export class OutboxDispatcher {
  /** The account served last: the next round starts after it (round robin). */
  private lastAccount = '';

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly options: DispatchOptions,
  ) {}

  /** Claims the next fair batch of due mails (SENDING). */
  async claim(): Promise<OutboxMail[]> {
    const accounts = await accountsWithMail(this.db);
    if (accounts.length === 0) return [];
    const { batch, perAccount } = this.options;
    // Alone, an account may use the whole batch; with others, each gets its share in turn.
    const share = Math.max(perAccount, Math.floor(batch / accounts.length));
    const start = accounts.findIndex((a) => a > this.lastAccount);
    const turn = [...accounts.slice(start < 0 ? 0 : start), ...accounts.slice(0, start < 0 ? 0 : start)].slice(0, Math.max(1, Math.ceil(batch / share)));
    this.lastAccount = turn[turn.length - 1]!;
    // Two statements in one transaction: the locked pick first, then the update of exactly those rows. (An UPDATE
    // ... WHERE id IN (a SKIP LOCKED subquery) may rescan the subquery per row and so take more than its limit.)
    return this.db.transaction(async (tx) => {
      const picked = (
        (await tx.execute(sql`
          select pick.id from unnest(${`{${turn.join(',')}}`}::uuid[]) as a(account_id)
          cross join lateral (
            select m.id from mail_outbox m
            where m.status = 'PENDING' and m.dispatch_after is not null and m.account_id = a.account_id and m.dispatch_after <= now()
            order by m.dispatch_after limit ${share} for update skip locked) pick`)) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id);
      if (picked.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ status: 'SENDING', attempts: sql`${mailOutbox.attempts} + 1`, sentAt: sql`now()` })
        .where(inArray(mailOutbox.id, picked))
        .returning();
    });
  }

  /** One round: claim, send them all (the pool sets the pace), record the outcomes. Answers how many were claimed. */
  async dispatchOnce(): Promise<number> {
    const claimed = await this.claim();
    if (claimed.length === 0) return 0;
    const mails: OutboxMail[] = [];
    const rendered = await this.renderAll(claimed);
    for (const [i, outcome] of rendered.entries()) {
      if (outcome.ok) mails.push(outcome.mail);
      else await this.failed(claimed[i]!, new RenderFailure(`rendering failed: ${outcome.error.message}`));
    }
    const outcomes = await Promise.allSettled(mails.map((mail) => this.transport.send(mail)));
    const sent: OutboxMail[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const mail = mails[i]!;
      if (outcome.status === 'fulfilled') sent.push(mail);
      else await this.failed(mail, outcome.reason);
    }
    await this.markSent(sent);
    return claimed.length;
  }

  private async renderAll(mails: OutboxMail[]) {
    if (this.options.render) return this.options.render(mails);
    return mails.map((mail) => (mail.renderValues ? { ok: false as const, error: new Error('no renderer') } : { ok: true as const, mail }));
  }

  private async failed(mail: OutboxMail, err: unknown): Promise<void> {
    const giveUp = err instanceof RenderFailure || isPermanentFailure(err) || mail.attempts >= MAX_ATTEMPTS;
    const wait = (this.options.retrySeconds ?? 30) * 2 ** (mail.attempts - 1);
    await this.db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'FAILED' : 'PENDING',
        sentAt: null,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        dispatchAfter: sql`now() + make_interval(secs => ${wait})`,
      })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'SENDING')));
    this.options.log?.warn({ err, mailId: mail.id, attempt: mail.attempts, giveUp }, 'mail delivery failed');
  }

  /** SENT, with the trail's mail.sent event of every mail about a result, in one transaction per round. */
  private async markSent(sent: OutboxMail[]): Promise<void> {
    if (sent.length === 0) return;
    await this.db.transaction(async (tx) => {
      const marked = await tx
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
        .where(and(inArray(mailOutbox.id, sent.map((m) => m.id)), eq(mailOutbox.status, 'SENDING')))
        .returning({ accountId: mailOutbox.accountId, instanceId: mailOutbox.instanceId, kind: mailOutbox.kind });
      // A mail rendered at delivery keeps what it said, as every other outbox row does (the row is the record).
      const rendered = sent.filter((m) => m.renderValues);
      if (rendered.length > 0) {
        const texts = JSON.stringify(rendered.map((m) => ({ id: m.id, subject: m.subject, text_body: m.textBody, html_body: m.htmlBody, from_name: m.fromName })));
        await tx.execute(sql`
          update mail_outbox m set subject = v.subject, text_body = v.text_body, html_body = v.html_body, from_name = v.from_name
          from jsonb_to_recordset(${texts}::jsonb) as v(id uuid, subject text, text_body text, html_body text, from_name text)
          where m.id = v.id`);
      }
      const about = marked.filter((m) => m.accountId && m.instanceId);
      if (!this.options.recordInTrail || about.length === 0) return;
      const subjects = await tx
        .select({ id: interactionInstances.id, resultToken: interactionInstances.token, clientToken: clients.token })
        .from(interactionInstances)
        .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
        .where(inArray(interactionInstances.id, about.map((m) => m.instanceId!)));
      const subjectOf = new Map(subjects.map((s) => [s.id, s]));
      const byAccount = new Map<string, typeof about>();
      for (const m of about) byAccount.set(m.accountId!, [...(byAccount.get(m.accountId!) ?? []), m]);
      for (const [accountId, list] of byAccount) {
        await appendToChain(
          tx,
          accountId,
          list.map((m) => ({
            occurredAt: new Date(),
            actorKind: 'SYSTEM' as const,
            actorId: null,
            action: 'mail.sent',
            clientToken: subjectOf.get(m.instanceId!)?.clientToken ?? null,
            resultToken: subjectOf.get(m.instanceId!)?.resultToken ?? null,
            details: { kind: m.kind },
            outcome: 'ALLOWED' as const,
            requestId: null,
            ip: null,
            userAgent: null,
          })),
        );
      }
    });
  }
}

/** The worker's loop: rounds back to back while there is mail, otherwise a look every pollSeconds. */
export function startOutboxDispatcher(dispatcher: OutboxDispatcher, pollSeconds: number, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running = true;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = await dispatcher.dispatchOnce();
      } catch (err) {
        log.error({ err }, 'outbox dispatch failed');
      }
      if (claimed === 0 && running) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, pollSeconds * 1000).unref();
        });
        wake = null;
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
