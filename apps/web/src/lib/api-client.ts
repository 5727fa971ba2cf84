// The one HTTP client of the web app: JSON in and out, the X-Source header the server's CSRF check wants,
// the global loading counter (not for background polls), 401 -> login with the current URL, and errors as ApiError carrying the errorKey.
// Binary downloads (PDFs) go through api-download.ts, which reuses the headers, URL building and 401 handling here.
import type { TApiError } from '@bq/contracts/errors';
import { beginLoading } from './loading-counter';
import { isPublicPath } from './public-routes';

export type ApiFieldError = NonNullable<TApiError['fields']>[number];

/** errorKey used when the server could not be reached at all. */
export const NETWORK_ERROR_KEY = 'error.network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorKey: string;
  readonly fields: ApiFieldError[];
  /** What the refusal names, for errors that name something (e.g. the open questionnaire of error.interaction.already_open). */
  readonly details: NonNullable<TApiError['details']> | undefined;
  readonly reqId: string | undefined;
  /** Set when the client already sent the user to the login page, so no toast should follow. */
  redirectedToLogin = false;

  constructor(status: number, body: Partial<TApiError>) {
    super(body.message || body.errorKey || `HTTP ${status}`);
    this.status = status;
    this.errorKey = body.errorKey || 'error.general';
    this.fields = body.fields ?? [];
    this.details = body.details;
    this.reqId = body.reqId;
  }
}

/** The error of a call that never reached the server (offline, DNS, refused). */
export function networkError(): ApiError {
  return new ApiError(0, { errorKey: NETWORK_ERROR_KEY, message: 'The server could not be reached' });
}

type Navigator = (to: string) => void;

// The router registers itself at start-up; until then (and in tests without a router) a full page load does it.
let navigateTo: Navigator = (to) => window.location.assign(to);

export function setApiNavigator(navigator: Navigator): void {
  navigateTo = navigator;
}

/** The server's answer to a sensitive change whose session proved its second factor too long ago (docs/decisions/0045). */
export const STEP_UP_REQUIRED = 'error.two_factor.step_up_required';

/** Asks the user to prove the factor again; true when they did (the call is then sent once more). */
type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

/** The step-up dialog registers itself while mounted (app/RootLayout); without it the error reaches the caller. */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

export function loginPathFor(currentPathAndQuery: string): string {
  return `/login?redirectUrl=${encodeURIComponent(currentPathAndQuery)}`;
}

/** Sends the user to the login page unless the current page is public; true when it did. */
export function redirectToLogin(): boolean {
  const { pathname, search } = window.location;
  if (isPublicPath(pathname)) return false;
  navigateTo(loginPathFor(pathname + search));
  return true;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Sends `body` as it is (a string, e.g. a CSV file's text) with this Content-Type instead of as JSON.
   * Responses are still read as JSON.
   */
  contentType?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** For the login call: its 401 means wrong credentials, not an expired session. */
  skipLoginRedirect?: boolean;
  /**
   * A background request (a poll refreshing data already shown): it does not raise the global loading counter,
   * so the loading bar does not flash every few seconds. Errors and the 401 redirect work as usual.
   */
  background?: boolean;
}

/** Headers of every call (spec section 7): JSON wanted, and the source the server's CSRF check asks for. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'X-Source': 'web',
};

export function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await sendRequest<T>(path, options);
  } catch (error) {
    // Any call may meet step-up: the dialog asks for the code or passkey, then the same call goes again, once.
    if (error instanceof ApiError && error.status === 403 && error.errorKey === STEP_UP_REQUIRED && stepUpHandler && (await stepUpHandler())) {
      return sendRequest<T>(path, options);
    }
    throw error;
  }
}

async function sendRequest<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const done = options.background ? () => {} : beginLoading();
  try {
    const headers: Record<string, string> = { ...API_HEADERS };
    let body: string | Blob | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = options.contentType ?? 'application/json';
      // A file (the branding logo) goes as its bytes.
      body = options.body instanceof Blob ? options.body : options.contentType ? String(options.body) : JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw networkError();
    }
    const payload = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, (payload ?? {}) as Partial<TApiError>);
      if (response.status === 401 && !options.skipLoginRedirect) error.redirectedToLogin = redirectToLogin();
      throw error;
    }
    return payload as T;
  } finally {
    done();
  }
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
