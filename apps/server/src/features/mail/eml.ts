// Reads the header block of an RFC 5322 message (an .eml file) into decoded fields, for the developer mailbox:
// unfolds continuation lines and decodes RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=).

export interface HeaderField {
  name: string;
  value: string;
}

function decodeWord(charset: string, encoding: string, text: string): string {
  let bytes: Buffer;
  if (encoding.toUpperCase() === 'B') {
    bytes = Buffer.from(text, 'base64');
  } else {
    const raw = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    bytes = Buffer.from(raw, 'latin1');
  }
  try {
    return new TextDecoder(charset.split('*')[0]!.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

export function decodeEncodedWords(value: string): string {
  // Whitespace between two encoded words belongs to the encoding, not to the text (RFC 2047 section 6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_m, charset: string, encoding: string, text: string) => decodeWord(charset, encoding, text));
}

export function parseHeaders(message: string | Buffer): HeaderField[] {
  const text = typeof message === 'string' ? message : message.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const block = end === -1 ? text : text.slice(0, end);
  const fields: HeaderField[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      fields[fields.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) fields.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return fields.map((f) => ({ name: f.name, value: decodeEncodedWords(f.value) }));
}
