// Where mails go: SMTP (nodemailer) when SMTP_URL is set; otherwise .eml files in DATA_DIR/mail, a real
// RFC 5322 message composed by nodemailer, one file per mail (the same mail always gives the same file name,
// so writing it again replaces it: idempotent). docs/decisions/0010-mail.md.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config';
import type { mailOutbox } from '../../db/schema';

export type OutboxMail = typeof mailOutbox.$inferSelect;
type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'> & Partial<Pick<Config, 'MAIL_SEND_LEASE_SECONDS' | 'SMTP_MAX_CONNECTIONS'>>;

export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Messages that can be on their way at once (the SMTP pool's connections; 1 for files). */
  readonly parallel: number;
  /** Hands the mail over; resolves once the server accepted it or the file is written. */
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

const CONTENT_LANGUAGE = { EN_US: 'en-US', EN_UK: 'en-GB', DE_DE: 'de-DE' } as const;

export function mailFolder(config: Pick<Config, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'mail');
}

/** {createdAt ISO}_{mailId}.eml, with the ISO time's colons as dashes so the name is valid on every file system. */
export function emlFileName(mail: Pick<OutboxMail, 'id' | 'createdAt'>): string {
  return `${mail.createdAt.toISOString().replaceAll(':', '-')}_${mail.id}.eml`;
}

/** The address of MAIL_FROM ("Name" <address> or a bare address). */
export function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * The message exactly as it is sent: fixed Message-ID and Date, so a repeated delivery is the same mail. The sender's
 * name is the one fixed when the mail was written ("<firm> via <platform>", docs/decisions/0055), else MAIL_FROM's.
 */
export function messageOptions(mail: OutboxMail, config: Pick<Config, 'MAIL_FROM'>): SendMailOptions {
  return {
    from: mail.fromName ? { name: mail.fromName, address: addressOf(config.MAIL_FROM) } : config.MAIL_FROM,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    html: mail.htmlBody,
    messageId: mail.messageId,
    date: mail.createdAt,
    // The adviser who sent it (docs/decisions/0083): a client's answer reaches a person.
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    headers: {
      'Content-Language': CONTENT_LANGUAGE[mail.locale] ?? 'en',
      // RFC 3834: machine-sent, so auto-responders do not answer reminders and reports.
      ...(mail.kind === 'INVITATION' ? {} : { 'Auto-Submitted': 'auto-generated' }),
    },
  };
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The complete RFC 5322 message (CRLF line ends), as the file transport writes it. */
export async function composeMessage(mail: OutboxMail, config: Pick<Config, 'MAIL_FROM'>): Promise<Buffer> {
  const info = await composer.sendMail(messageOptions(mail, config));
  return info.message as Buffer;
}

function fileTransport(config: MailConfig): MailTransport {
  const folder = mailFolder(config);
  return {
    kind: 'files',
    parallel: 1,
    async send(mail) {
      await mkdir(folder, { recursive: true });
      const file = join(folder, emlFileName(mail));
      // Write then rename: a reader (the dev mailbox) never sees half a file, and a second delivery replaces it.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, await composeMessage(mail, config));
      await rename(partial, file);
    },
    close() {},
  };
}

function smtpTransport(config: MailConfig & { SMTP_URL: string }): MailTransport {
  // Bounded, so a hanging server fails the attempt (and it is retried) well inside the SENDING lease.
  const third = ((config.MAIL_SEND_LEASE_SECONDS ?? 300) * 1000) / 3;
  // Pooled: a handful of connections kept open, each carrying many messages, instead of a connect, greeting and
  // QUIT per mail (docs/decisions/0057). Sends beyond the pool's connections wait in nodemailer's queue.
  const maxConnections = config.SMTP_MAX_CONNECTIONS ?? 5;
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections,
    maxMessages: 100,
    connectionTimeout: Math.min(30_000, third),
    greetingTimeout: Math.min(30_000, third),
    socketTimeout: Math.min(60_000, third),
  });
  return {
    kind: 'smtp',
    parallel: maxConnections,
    async send(mail) {
      await transporter.sendMail(messageOptions(mail, config));
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.SMTP_URL ? smtpTransport({ ...config, SMTP_URL: config.SMTP_URL }) : fileTransport(config);
}

/** A rejection that retrying cannot fix: the server refused the recipient for good (5xx on RCPT TO). */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
