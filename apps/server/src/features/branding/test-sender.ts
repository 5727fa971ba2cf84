// The test an account's own SMTP server passes before its settings take effect (docs/decisions/0067): the egress gate
// (no internal addresses, after DNS), then a real conversation with it (connect, greeting, EHLO, STARTTLS or TLS unless
// waived, sign-in) and a test mail to the admin making the change, all with short timeouts. A failure is a 400 with an
// errorKey that says which step failed and a message with the server's own words; nothing is saved then.
import { eq } from 'drizzle-orm';
import { SENDER_ERRORS, type TUpdateSenderRequest } from '@bq/contracts/branding';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { EgressLookupError, EgressRefusedError } from '../egress/public-destination';
import { loadEmailTexts, renderMail } from '../mail/render-mail';
import { brandingRow } from './branding-service';
import { openOwnSmtp, type OwnSmtpConfig } from './own-smtp';

type Candidate = Omit<TUpdateSenderRequest, 'password'> & { password: string | null };

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);

export async function testSender(db: Db, config: Pick<Config, 'MAIL_FROM'> & OwnSmtpConfig, actor: { accountId: string; userId: string }, candidate: Candidate): Promise<void> {
  let transporter;
  try {
    transporter = await openOwnSmtp(candidate, config);
  } catch (err) {
    if (err instanceof EgressRefusedError) throw new AppError(SENDER_ERRORS.privateAddress, 400, `Not a public mail server: ${err.message}`);
    if (err instanceof EgressLookupError) throw new AppError(SENDER_ERRORS.unresolvable, 400, err.message);
    throw err;
  }
  const where = `${candidate.host}:${candidate.port}`;
  try {
    await transporter.verify();
    await transporter.sendMail(await testMail(db, actor, candidate));
  } catch (err) {
    if (err instanceof AppError) throw err;
    const tls = (err as { code?: string }).code === 'ETLS';
    throw new AppError(
      tls ? SENDER_ERRORS.tlsUnavailable : SENDER_ERRORS.connectionFailed,
      400,
      tls ? `The mail server at ${where} offers no working TLS: ${reasonOf(err)}` : `The mail server at ${where} failed the test: ${reasonOf(err)}`,
    );
  } finally {
    transporter.close();
  }
}

/** The test mail, in the admin's language, from the address and under the name the account's mails will carry. */
async function testMail(db: Db, actor: { accountId: string; userId: string }, candidate: Candidate) {
  const [admin] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale }).from(users).where(eq(users.id, actor.userId));
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, actor.accountId));
  if (!admin || !account) throw new AppError('error.general', 500, 'The signed-in user or account is gone');
  const firmName = (await brandingRow(db, actor.accountId))?.firmName ?? account.name;
  const keys = ['email.senderTest.subject', 'email.senderTest.body', 'email.layout.footer'];
  const texts = await loadEmailTexts(db, admin.locale, keys);
  const rendered = renderMail(
    { subject: texts[keys[0]!]!, body: texts[keys[1]!]!, footer: texts[keys[2]!]! },
    { firstName: admin.firstName, lastName: admin.lastName, host: candidate.host, fromAddress: candidate.fromAddress, accountName: firmName },
    { locale: admin.locale, accountName: firmName },
  );
  return {
    from: { name: firmName, address: candidate.fromAddress },
    to: admin.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
