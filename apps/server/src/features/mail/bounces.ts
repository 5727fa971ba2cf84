// Late bounces (issue 37 point 5, docs/decisions/0083 addendum): a mail the first server accepted (SENT) can still
// fail further on, and the receiving side then reports it by mail, as a delivery status notification (RFC 3464) to
// the envelope sender. The operator's mail system hands such a report to POST /api/mail/bounces (its raw text, e.g.
// from a Postfix pipe or a relay's forwarding rule); the report names the original by its Message-ID (in its
// text/rfc822-headers or message/rfc822 part), which every outbox mail has fixed when written (outbox.ts
// messageIdFor). An "Action: failed" turns the mail FAILED with the remote server's words, so the adviser reads
// "not delivered" and why; "delayed", "delivered", "relayed" and "expanded" change nothing.
//
// Read as text, line by line: RFC 3464's fields are header-style lines in 7-bit text, and the original's headers come
// back as text too, so no MIME library is needed to find them (decision 0083 addendum says why none was added).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailStatus } from '../../db/schema';

/** A report larger than this is not a delivery report (they carry headers, not the message): 413. */
export const BOUNCE_REPORT_MAX_BYTES = 256 * 1024;

export interface DeliveryReport {
  /** The Message-IDs the report names, the original's among them. */
  messageIds: string[];
  /** Per recipient, the first "Action" (failed, delayed, delivered, relayed, expanded). */
  action: string;
  /** The DSN status code (e.g. 5.1.1) and the remote server's diagnostic, if given. */
  status: string | null;
  diagnostic: string | null;
}

/** Header-style lines with their folded continuations joined (RFC 5322 section 2.2.3). */
function unfoldedLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').split('\n');
}

function field(lines: string[], name: string): string | null {
  const prefix = `${name.toLowerCase()}:`;
  const line = lines.find((l) => l.toLowerCase().startsWith(prefix));
  return line ? line.slice(prefix.length).trim() : null;
}

/** The report's fields, or null when the text is not a delivery status notification. */
export function readDeliveryReport(text: string): DeliveryReport | null {
  const lines = unfoldedLines(text);
  const action = field(lines, 'Action')?.toLowerCase().split(/\s/)[0] ?? null;
  if (!action || !/^(failed|delayed|delivered|relayed|expanded)$/.test(action)) return null;
  const messageIds = lines.flatMap((l) => /^message-id:\s*(<[^<>\s]{1,250}>)/i.exec(l)?.slice(1, 2) ?? []);
  // "smtp; 550 5.1.1 <anna@...>: user unknown": the type prefix is for machines.
  const diagnostic = field(lines, 'Diagnostic-Code')?.replace(/^[a-z-]+;\s*/i, '').slice(0, 500) ?? null;
  return { messageIds, action, status: field(lines, 'Status'), diagnostic };
}

export interface BounceOutcome {
  /** A mail of this platform the report names. */
  matched: boolean;
  /** The mail's status after the report: FAILED for a failed delivery, as it was otherwise; null without a match. */
  status: MailStatus | null;
}

/** Applies a report to the mail it names: a failed delivery of a SENT mail makes it FAILED with the server's words. */
export async function applyDeliveryReport(db: Db, report: DeliveryReport): Promise<BounceOutcome> {
  if (report.messageIds.length === 0) return { matched: false, status: null };
  const reason = `Bounced after it was sent: ${[report.status, report.diagnostic].filter(Boolean).join(' ') || 'no reason given'}`;
  const ids = sql.join(report.messageIds.map((id) => sql`${id}`), sql`, `);
  if (report.action === 'failed') {
    // Only a SENT mail: one still waiting has its own attempts, and one FAILED already keeps its first reason.
    await db.execute(sql`update mail_outbox set status = 'FAILED', last_error = ${reason} where message_id in (${ids}) and status = 'SENT'`);
  }
  const found = await db.execute<{ status: BounceOutcome['status'] }>(sql`select status from mail_outbox where message_id in (${ids}) limit 1`);
  const row = (found as unknown as { rows: { status: BounceOutcome['status'] }[] }).rows[0];
  return row ? { matched: true, status: row.status } : { matched: false, status: null };
}
