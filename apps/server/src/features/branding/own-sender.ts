// The account's own SMTP server (docs/decisions/0056): the mails an account sends its clients (invitations, reminders,
// reports) leave through it, from its own address under the firm's name, when it set one; every other mail, and every
// mail of an account without one, goes through the platform's transport. One nodemailer transport per account, made
// anew when its settings change.
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { decryptSecret } from '../../plugins/data-encryption';
import { messageOptions, type MailTransport, type OutboxMail } from '../mail/transport';
import { brandingRow } from './branding-service';

const CLIENT_MAILS = new Set<OutboxMail['kind']>(['INVITATION', 'REMINDER', 'REPORT']);
type SenderConfig = Pick<Config, 'MAIL_FROM' | 'dataEncryptionKey'> & Partial<Pick<Config, 'MAIL_SEND_LEASE_SECONDS'>>;

export type OwnSender = (mail: OutboxMail) => Promise<MailTransport | null>;

export function createOwnSenders(db: Db, config: SenderConfig): OwnSender & { close(): void } {
  const transports = new Map<string, { version: number; transport: MailTransport }>();
  const third = ((config.MAIL_SEND_LEASE_SECONDS ?? 300) * 1000) / 3;
  const forMail = async (mail: OutboxMail): Promise<MailTransport | null> => {
    if (!mail.accountId || !CLIENT_MAILS.has(mail.kind)) return null;
    const row = await brandingRow(db, mail.accountId);
    if (!row?.smtpHost || !row.smtpPort || !row.smtpFrom) return null;
    const cached = transports.get(mail.accountId);
    if (cached?.version === row.updatedAt.getTime()) return cached.transport;
    cached?.transport.close();
    const password = row.smtpPasswordEncrypted ? decryptSecret(config.dataEncryptionKey, 'smtp-password', row.smtpPasswordEncrypted, mail.accountId) : null;
    const transporter = nodemailer.createTransport({
      host: row.smtpHost,
      port: row.smtpPort,
      // 465 speaks TLS from the start; any other port upgrades with STARTTLS when the server offers it.
      secure: row.smtpPort === 465,
      ...(row.smtpUser ? { auth: { user: row.smtpUser, pass: password ?? '' } } : {}),
      connectionTimeout: Math.min(30_000, third),
      greetingTimeout: Math.min(30_000, third),
      socketTimeout: Math.min(60_000, third),
    });
    const from = { name: row.firmName ?? '', address: row.smtpFrom };
    const transport: MailTransport = {
      kind: 'smtp',
      // One connection to the firm's own server: its limits are unknown, and its mail is the account's alone.
      parallel: 1,
      async send(m) {
        await transporter.sendMail({ ...messageOptions(m, config), from });
      },
      close: () => transporter.close(),
    };
    transports.set(mail.accountId, { version: row.updatedAt.getTime(), transport });
    return transport;
  };
  return Object.assign(forMail, {
    close() {
      for (const { transport } of transports.values()) transport.close();
      transports.clear();
    },
  });
}
