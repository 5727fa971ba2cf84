// What a value that is not a link may look like in a platform mail (subject, plain text, HTML): one line, and nothing
// a mail program would turn into a link. Names are typed by people (a sign-up name can be "Visit http://evil.example"),
// and Gmail, Outlook and Apple Mail make links of URLs and domains in plain text and HTML text alike. A link-like
// word is written the way security teams "defang" addresses: http[:]//evil[.]example, readable and never clickable
// (docs/decisions/0034-csv-injection-and-names.md).

/** The parameters the platform fills with its own URLs: only these become links. */
export const isLinkParam = (name: string) => name === 'link' || /(?:Link|Url)$/.test(name);

// Line breaks (CR, LF, NEL, U+2028/9), other C0/C1 controls and bidi controls: each becomes a space.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

// A word a linkifier would take: a scheme with "://", "www.", an e-mail address or a domain (a dot before two letters).
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|^www\.|@[^\s@]+\.|[\p{L}\p{N}_-]\.[a-z]{2,}/iu;

function defang(word: string): string {
  return LINK_LIKE.test(word) ? word.replace(/:\/\//g, '[:]//').replace(/\./g, '[.]') : word;
}

/** A non-link value as every part of a mail writes it; link parameters pass unchanged. */
export function mailValue(name: string, value: string): string {
  if (isLinkParam(name)) return value;
  return value
    .replace(NOT_ONE_LINE, ' ')
    .split(/(\s+)/)
    .map((part) => (/\s/.test(part) ? part : defang(part)))
    .join('');
}
