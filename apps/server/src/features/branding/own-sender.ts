// The account's own SMTP server (docs/decisions/0056, 0067): the mails an account sends its clients (invitations,
// reminders, reports) leave through it, from its own address under the firm's name, when it set one; every other
// mail, and every mail of an account without one, goes through the platform's transport. Each send opens its own
// connection through the egress gate (own-smtp.ts): the host is resolved and checked again at every connect, so a DNS
// answer that changed to an internal address after the settings were saved is refused then.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { decryptSecret } from '../../plugins/data-encryption';
import { messageOptions, type MailTransport, type OutboxMail } from '../mail/transport';
import { brandingRow } from './branding-service';
import { openOwnSmtp, type OwnSmtpConfig } from './own-smtp';

const CLIENT_MAILS = new Set<OutboxMail['kind']>(['INVITATION', 'REMINDER', 'REPORT']);
type SenderConfig = Pick<Config, 'MAIL_FROM' | 'dataEncryptionKeys'> & OwnSmtpConfig;

export type OwnSender = (mail: Pick<OutboxMail, 'accountId' | 'kind'>) => Promise<MailTransport | null>;

/** Whether mails of this kind of this account leave through an own server (without asking for its transport). */
export async function usesOwnSender(db: Db, mail: Pick<OutboxMail, 'accountId' | 'kind'>): Promise<boolean> {
  if (!mail.accountId || !CLIENT_MAILS.has(mail.kind)) return false;
  const row = await brandingRow(db, mail.accountId);
  return Boolean(row?.smtpHost && row.smtpPort && row.smtpFrom);
}

export function createOwnSenders(db: Db, config: SenderConfig): OwnSender & { close(): void } {
  const forMail = async (mail: Pick<OutboxMail, 'accountId' | 'kind'>): Promise<MailTransport | null> => {
    if (!mail.accountId || !CLIENT_MAILS.has(mail.kind)) return null;
    const accountId = mail.accountId;
    const row = await brandingRow(db, accountId);
    if (!row?.smtpHost || !row.smtpPort || !row.smtpFrom) return null;
    const settings = {
      host: row.smtpHost,
      port: row.smtpPort,
      user: row.smtpUser,
      password: row.smtpPasswordEncrypted ? decryptSecret(config.dataEncryptionKeys, 'smtp-password', row.smtpPasswordEncrypted, accountId) : null,
      allowPlaintext: row.smtpAllowPlaintext,
    };
    const from = { name: row.firmName ?? '', address: row.smtpFrom };
    return {
      kind: 'smtp',
      // One connection at a time to the firm's own server: its limits are unknown, and its mail is the account's alone.
      parallel: 1,
      async send(m) {
        const transporter = await openOwnSmtp(settings, config);
        try {
          await transporter.sendMail({ ...messageOptions(m, config), from });
        } finally {
          transporter.close();
        }
      },
      close() {},
    };
  };
  return Object.assign(forMail, { close() {} });
}
