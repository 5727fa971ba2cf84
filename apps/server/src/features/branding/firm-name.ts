// The one name a client reads for the firm (issue 37 point 8, docs/decisions/0055): the brand's firm name once the
// account set one, else the account's name. Every query behind a page, mail, draft or document a client sees selects
// this expression (with the left join below), so the web report, the certificate page, the invitation draft, the PDFs
// and the mails cannot name the firm differently.
import { eq, sql, type SQL } from 'drizzle-orm';
import { accountBranding, accounts } from '../../db/schema';

/** `coalesce(firm_name, accounts.name)`: needs `accounts` and `withFirmName`'s left join of account_branding. */
export const FIRM_NAME: SQL<string> = sql<string>`coalesce(${accountBranding.firmName}, ${accounts.name})`;

/** The join `FIRM_NAME` reads: account_branding beside the query's `accounts` row. */
export const FIRM_BRANDING_JOIN = eq(accountBranding.accountId, accounts.id);
