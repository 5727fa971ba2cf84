// The developer mailbox of the embedded demo: the demo account's mails, newest first, and one mail with its text,
// HTML and header fields (from its .eml file when it was written as one, else composed as it will be sent). Only
// the demo account's admin reads it: the mails carry working links (tokens) to questionnaires and reports.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { TDevMail, TDevMailboxItem } from '@bq/contracts/mail';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, mailOutbox } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { parseHeaders } from './eml';
import { composeMessage, emlFileName, mailFolder, type OutboxMail } from './transport';

/** The list shows the latest mails; a developer's session never needs more. */
const LIST_LIMIT = 500;

function toItem(mail: OutboxMail): TDevMailboxItem {
  return {
    id: mail.id,
    kind: mail.kind,
    to: mail.toAddress,
    subject: mail.subject,
    locale: mail.locale,
    status: mail.status,
    createdAt: mail.createdAt.toISOString(),
    // While SENDING the column holds the claim time; only a SENT mail has really been sent.
    sentAt: mail.status === 'SENT' ? (mail.sentAt?.toISOString() ?? null) : null,
  };
}

/** The signed-in user, if an admin (checked by the route) of a DEMO account; 403 for anyone else. */
export async function requireDemoAdmin(db: Db, auth: AuthContext): Promise<AuthContext> {
  const [account] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, auth.accountId));
  if (account?.type !== 'DEMO') throw new AppError(ERROR_KEYS.forbidden, 403, 'The developer mailbox is for the demo account only');
  return auth;
}

export async function listDevMails(db: Db, accountId: string): Promise<TDevMailboxItem[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.accountId, accountId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(LIST_LIMIT);
  return rows.map(toItem);
}

export async function getDevMail(db: Db, config: Config, accountId: string, id: string): Promise<TDevMail> {
  const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), eq(mailOutbox.accountId, accountId)));
  if (!mail) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const path = join(mailFolder(config), emlFileName(mail));
  const file = existsSync(path) ? path : null;
  const message = file ? await readFile(file) : await composeMessage(mail, config);
  return {
    ...toItem(mail),
    text: mail.textBody,
    html: mail.htmlBody,
    messageId: mail.messageId,
    attempts: mail.attempts,
    lastError: mail.lastError,
    file,
    headers: parseHeaders(message),
  };
}
