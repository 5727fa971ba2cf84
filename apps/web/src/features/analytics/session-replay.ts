// Session-replay analytics (spec section 9, docs/decisions/0026): the site id comes from the server's environment
// (GET /api/system/config -> sessionReplay), the snippet version is the spec's constant 6. Off unless configured;
// loaded only after the visitor consents; never on public report, certificate, verification or questionnaire pages.
// No inline script: the loader sets the queue and settings from this bundle and adds the service's script file,
// which the CSP allows only when SESSION_REPLAY_ID is set.

export const CONSENT_KEY = 'bq.sessionReplayConsent';
export type Consent = 'granted' | 'denied';

const EXCLUDED_PREFIXES = [
  '/report',
  '/performance/report',
  '/bqa/report',
  '/bqaRecommendations/report',
  '/bqp/certificate',
  '/verify',
  '/q',
] as const;

/** Pages session replay never runs on: public reports and certificates, verification, the participant's questionnaire. */
export function isReplayExcludedPath(pathname: string): boolean {
  return EXCLUDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(consent: Consent) {
  try {
    window.localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
}

type ReplayWindow = Window & {
  hj?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  _hjSettings?: { hjid: number; hjsv: number };
};

let loaded = false;

export function sessionReplayLoaded(): boolean {
  return loaded;
}

/** Adds the recording script once: settings { hjid: id, hjsv: 6 } and the script of that site and version. */
export function loadSessionReplay(config: { id: string; snippetVersion: number }, doc: Document = document) {
  if (loaded) return;
  loaded = true;
  const w = doc.defaultView as ReplayWindow;
  const queue: unknown[][] = [];
  w.hj = w.hj ?? Object.assign((...args: unknown[]) => void queue.push(args), { q: queue });
  w._hjSettings = { hjid: Number(config.id), hjsv: config.snippetVersion };
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://static.hotjar.com/c/hotjar-${encodeURIComponent(config.id)}.js?sv=${config.snippetVersion}`;
  doc.head.appendChild(script);
}

/** For tests: forget that the script was added. */
export function resetSessionReplayForTests() {
  loaded = false;
}
