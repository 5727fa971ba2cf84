// A real SMTP server for the browser journeys (smtp-server, as in the API tests): the product under test sends
// its mail here over SMTP, exactly as in production, and the journeys read what arrived through a small JSON
// endpoint: GET http://127.0.0.1:{port}/messages -> [{ to, from, subject, replyTo, text, html }], decoded (RFC 2047 headers,
// quoted-printable or base64 parts).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

function decodeWords(value) {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_m, _charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function splitHead(part) {
  const end = part.search(/\r?\n\r?\n/);
  const head = (end === -1 ? part : part.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const body = end === -1 ? '' : part.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers, body) {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The part of a message of this type (nodemailer sends multipart/alternative with text and HTML), or null. */
function partOf(wanted, headers, body) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!type.startsWith('multipart/') || !boundary) return type.startsWith(wanted) ? decodeBody(headers, body) : null;
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break; // the closing boundary
    const inner = splitHead(part.replace(/^\r?\n/, ''));
    const found = partOf(wanted, inner.headers, inner.body);
    if (found !== null) return found;
  }
  return null;
}

export async function startMailCatcher(smtpPort, httpPort) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Recipients whose address starts with "greylisted." are put off (451, as a greylisting server does) and those with
    // "unknown." refused for good (550): the journeys see a mail that has not left, with the server's own answer.
    onRcptTo(address, _session, callback) {
      const refuse = (code, text) => callback(Object.assign(new Error(text), { responseCode: code }));
      if (address.address.startsWith('greylisted.')) return refuse(451, '4.7.1 Greylisted, please try again later');
      if (address.address.startsWith('unknown.')) return refuse(550, '5.1.1 No such mailbox here');
      callback();
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const { headers, body } = splitHead(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: decodeWords(headers.from ?? ''),
          subject: decodeWords(headers.subject ?? ''),
          replyTo: decodeWords(headers['reply-to'] ?? ''),
          text: partOf('text/plain', headers, body) ?? '',
          html: partOf('text/html', headers, body) ?? '',
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((req, res) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(req.url === '/messages' ? messages : []));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return { close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]) };
}
