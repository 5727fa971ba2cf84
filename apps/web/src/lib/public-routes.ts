// Paths a visitor may open without signing in (spec section 2); a 401 there must not bounce to the login page.
const PUBLIC_PREFIXES = [
  '/login',
  '/to_signup',
  '/signup',
  '/verify',
  '/password',
  '/report',
  '/demo',
  '/performance/report',
  '/bqa/report',
  '/bqaRecommendations/report',
  '/bqp/certificate',
  '/start',
] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
