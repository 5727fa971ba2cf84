// Validates the redirect target after login so a crafted link cannot send a user to another site (spec section 8).

/** Longer targets are refused: no real page path is this long, and huge values only serve to probe the parser. */
export const MAX_REDIRECT_LENGTH = 2048;

const FALLBACK = '/';
// Control characters and every kind of whitespace; browsers strip tabs and newlines from URLs, which is how
// '/\t/evil.example' turns into '//evil.example'. \p{Cf} adds invisible format characters such as bidi overrides.
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Z}\s]/u;
const MAX_DECODE_ROUNDS = 5;

function isSafeShape(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !FORBIDDEN_CHARACTERS.test(path)
  );
}

// Decoded forms may hold encoded spaces ('?q=a%20b' is a normal link) but still no second slash up front, no
// backslash (some servers treat %5C as '/') and no control characters.
function isSafeDecodedShape(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/\p{Cc}/u.test(path);
}

// A target is checked in every percent-decoded form so '/%2F%2Fevil' or '/%61pi/' cannot slip past.
function decodedForms(url: string): string[] | null {
  const forms = [url];
  let current = url;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return forms;
    forms.push(decoded);
    current = decoded;
  }
  // Still changing after several rounds: deliberately layered encoding, not a real link.
  return null;
}

// Resolves '.' and '..' the way a browser does, so '/x/../api/' is seen as '/api/'.
function normalizedPathname(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  const parts = pathname.split('/').slice(1);
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    if (segment === '.') {
      if (last) segments.push('');
    } else if (segment === '..') {
      segments.pop();
      if (last) segments.push('');
    } else {
      segments.push(segment);
    }
  });
  return `/${segments.join('/')}`.toLowerCase();
}

function isForbiddenTarget(pathname: string): boolean {
  // An API URL is never a page to land on; landing on /login again would loop.
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/login' ||
    pathname === '/login/' ||
    pathname.startsWith('//')
  );
}

/** The url unchanged when it is a same-site page path, otherwise '/'. */
export function safeRedirectPath(url: string | null | undefined): string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_REDIRECT_LENGTH) return FALLBACK;
  const forms = decodedForms(url);
  if (!forms) return FALLBACK;
  const safe =
    isSafeShape(url) &&
    forms.every((form) => isSafeDecodedShape(form) && !isForbiddenTarget(normalizedPathname(form)));
  return safe ? url : FALLBACK;
}
