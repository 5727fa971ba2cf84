// A real SMTP server in the test's process that keeps every message it receives, and a minimal reader of those
// messages that is independent of the server's own mail code. Optional: a user name and password it insists on (an
// account's own SMTP server), and refusals of chosen recipients (451 once, 550 for good).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The user name the client signed in with, if the server asked for one. */
  user?: string;
}

export interface SmtpCatcher {
  received: ReceivedMail[];
  /** Recipients refused once with 451 (then accepted) and for good with 550. */
  refuseOnce: Set<string>;
  refuseAlways: Set<string>;
  listen(): Promise<void>;
  port(): number;
  close(): Promise<void>;
}

export function smtpCatcher(login?: { user: string; pass: string }): SmtpCatcher {
  const received: ReceivedMail[] = [];
  const refuseOnce = new Set<string>();
  const refuseAlways = new Set<string>();
  const server = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(given, _session, callback) {
      if (login && given.username === login.user && given.password === login.pass) return callback(null, { user: given.username });
      callback(new Error('Invalid user name or password'));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refuse = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
      if (refuseAlways.has(to)) return refuse(550, 'No such user here');
      if (refuseOnce.delete(to)) return refuse(451, 'Try again later');
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8'), user: session.user as string | undefined });
        callback();
      });
    },
  });
  return {
    received,
    refuseOnce,
    refuseAlways,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    port: () => (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw message, folded lines joined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
}

const unescapeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** A header's RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) decoded. */
export function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** The whole message with quoted-printable soft breaks and escapes undone (enough to search the HTML part). */
export const unquoted = (raw: string) => unescapeQuotedPrintable(raw);

/** The decoded text/plain or text/html part of a multipart/alternative message. */
export function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(raw, 'Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not multipart');
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    if (!new RegExp(`Content-Type:\\s*${type}`, 'i').test(head)) continue;
    const body = part.slice(split).trim();
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return unescapeQuotedPrintable(body).replace(/\r\n/g, '\n');
    return body.replace(/\r\n/g, '\n');
  }
  throw new Error(`no ${type} part`);
}
