// The request path as every hook should see it (issue 36 point 7). The router decodes percent-encoding before it
// matches, while hooks decide by the raw URL's prefix (/api/, /scim/): `/%61pi/login` reached the sign-in handler
// without the CSRF rule, the audit event or no-store. RFC 3986 section 6.2.2.2: a percent-encoded unreserved
// character (letters, digits, - . _ ~) is the character itself, so decoding those in the path changes no request's
// meaning and leaves the router and the hooks reading the same path. Reserved characters (%2F, %3F, ...) stay
// encoded, and the query string is left exactly as sent.
const ENCODED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

export function normalisedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const decoded = path.replace(ENCODED_UNRESERVED, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return queryAt === -1 ? decoded : decoded + url.slice(queryAt);
}
