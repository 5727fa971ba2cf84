// Start-up check of DATABASE_URL: one connection and `SELECT 1` before anything else, so a wrong URL or an
// unreachable server ends start-up with one line naming the problem (never a stack trace, never the password).
import pg from 'pg';

/** How long start-up waits for the database server to answer before giving up. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The URL as it may be printed: the password replaced. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Why a PostgreSQL connection failed, in words an operator acts on. */
export function describeConnectionError(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: unknown };
  const inner = e?.cause && typeof e.cause === 'object' ? (e.cause as { code?: string; message?: string }) : e;
  const code = inner?.code ?? e?.code;
  const message = (inner?.message ?? e?.message ?? String(err)).split('\n')[0] ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'the server refused the connection (is PostgreSQL running on that host and port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
      return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s (host unreachable or blocked)`;
    case '3D000':
      return `${message} (create it first)`;
    case '28P01':
    case '28000':
      return `${message} (check user and password)`;
    default:
      return message;
  }
}

/** Connects once and runs SELECT 1; throws an Error whose message is the single line start-up prints. */
export async function checkDatabaseConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection that fails after connect() resolves would otherwise be an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const timedOut = /timeout/i.test((err as Error)?.message ?? '');
    const reason = timedOut ? describeConnectionError({ code: 'CONNECT_TIMEOUT' }) : describeConnectionError(err);
    throw new Error(`Cannot connect to the database at ${redactDatabaseUrl(url)}: ${reason}`, { cause: err });
  } finally {
    await client.end().catch(() => {});
  }
}
