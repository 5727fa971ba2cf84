// The greeting that opens every mail to a client (invitation, reminder, report): the salutation the adviser chose,
// in the client's language ("Sehr geehrte Frau Käßmann", "Dear Mr Smith", "Guten Tag Jürgen Käßmann"). The
// wordings are EMAIL texts email.greeting.{MS,MR,NEUTRAL}, so a translator can change them like any other mail text.
import { and, eq } from 'drizzle-orm';
import type { Salutation } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import type { Db, Tx } from '../../db/client';
import { translations } from '../../db/schema';
import { fillPlaceholders } from './render-mail';

export async function clientGreeting(
  db: Db | Tx,
  locale: Locale,
  client: { salutation: Salutation; firstName: string; lastName: string },
): Promise<string> {
  // No name to address (a client anonymised for the viewer): a greeting that needs none, not "Dear,".
  const named = client.firstName.trim() !== '' || client.lastName.trim() !== '';
  const key = named ? `email.greeting.${client.salutation}` : 'email.greeting.NONE';
  const [row] = await db
    .select({ text: translations.text })
    .from(translations)
    .where(and(eq(translations.language, locale), eq(translations.textType, 'EMAIL'), eq(translations.key, key)))
    .limit(1);
  if (!row) throw new Error(`EMAIL text ${key} missing in ${locale}`);
  return fillPlaceholders(row.text, { firstName: client.firstName, lastName: client.lastName }).replace(/\s+/g, ' ').trim();
}
