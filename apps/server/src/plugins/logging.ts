// The server's pino logger: every request line carries its request id (reqId, also in every error answer), and no
// line carries a credential. Tokens travel in URLs (/api/q/{token}, /q/{token}, /report/{token}/download,
// ?token=...), so the request log writes the route's pattern with [name] for each path parameter and keeps only
// harmless query parameters; headers (cookie, authorization) and body fields (passwords, tokens, security codes)
// are redacted wherever they would appear; database errors lose their bound parameters. See
// docs/decisions/0016-security-hardening.md.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go: stdout by default; tests pass a stream that collects them. */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters whose values are never secret or personal; every other value is logged as [redacted]. */
const HARMLESS_QUERY_KEYS = new Set([
  'locale',
  'language',
  'textTypeParameter',
  'filter',
  'interactionType',
  'pageFormat',
  'anonymize',
  'page',
  'pageSize',
  'sort',
  'order',
  'group',
  'status',
  'interactionStatus',
  'interactionId',
  'productConfigurationId',
  'source',
]);

/** Web app pages whose URL holds a token (they have no route of their own: the SPA fallback serves them). */
const TOKEN_PAGES: [RegExp, string][] = [
  [/^\/q\/[^/]+/, '/q/[token]'],
  [/^\/report\/[^/]+\/download/, '/report/[token]/download'],
  [/^\/(bqa|bqaRecommendations|performance)\/report\/[^/]+/, '/$1/report/[token]'],
  [/^\/bqp\/certificate\/[^/]+/, '/bqp/certificate/[token]'],
  [/^\/verify\/certificate\/[^/]+/, '/verify/certificate/[token]'],
  [/^\/verify\/[^/]+/, '/verify/[token]'],
  [/^\/demo\/password-set\/[^/]+/, '/demo/password-set/[token]'],
  [/^\/([A-Z_]+)\/client\/[^/]+\/(interaction|dashboard)\/[^/]+/, '/$1/client/[clientToken]/$2/[token]'],
  [/^\/([A-Z_]+)\/client\/[^/]+/, '/$1/client/[clientToken]'],
];

/** A path segment that looks like a random token (long, URL-safe, with a digit): masked wherever it turns up. */
const TOKEN_LIKE = /(?<=\/)(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}(?=\/|$)/g;

function redactQuery(search: string): string {
  if (!search) return '';
  const parts = search.split('&').map((part) => {
    const [key = '', value] = part.split('=', 2);
    return value === undefined || HARMLESS_QUERY_KEYS.has(key) ? part : `${key}=[redacted]`;
  });
  return `?${parts.join('&')}`;
}

/**
 * The URL as it may be logged: the route's pattern with [param] for each path parameter when the request matched
 * a route; otherwise the path with token pages and token-like segments masked. Query values as in redactQuery.
 */
export function loggableUrl(url: string, routePattern?: string): string {
  const cut = url.indexOf('?');
  const path = cut === -1 ? url : url.slice(0, cut);
  const search = cut === -1 ? '' : url.slice(cut + 1);
  let shown: string;
  if (routePattern && routePattern.includes(':')) {
    shown = routePattern.replace(/:([A-Za-z0-9_]+)/g, '[$1]');
  } else {
    shown = path;
    for (const [pattern, replacement] of TOKEN_PAGES) {
      if (pattern.test(shown)) {
        shown = shown.replace(pattern, replacement);
        break;
      }
    }
    shown = shown.replace(TOKEN_LIKE, '[token]');
  }
  return shown + redactQuery(search);
}

function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Database errors quote the statement's bound values (tokens, e-mails); the statement alone is enough to debug. */
const scrub = (text: string | undefined) => (text ?? '').replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Like pino's standard error serializer (type, message, stack, code, cause), with bound values scrubbed. */
function errorSerializer(err: Error & { code?: unknown; statusCode?: unknown; errorKey?: unknown }): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  return {
    type: err.constructor?.name ?? 'Error',
    message: scrub(err.message),
    stack: scrub(err.stack),
    ...(err.code !== undefined ? { code: err.code } : {}),
    ...(err.statusCode !== undefined ? { statusCode: err.statusCode } : {}),
    ...(err.errorKey !== undefined ? { errorKey: err.errorKey } : {}),
    ...(err.cause instanceof Error ? { cause: errorSerializer(err.cause) } : {}),
  };
}

/** Field names whose values are credentials, wherever a log call would include them. */
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'token', 'participantKey', 'securityCode', 'cookie', 'authorization', 'smtpUrl', 'secret', 'idToken'];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: requestSerializer, err: errorSerializer },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `body.${f}`, `*.body.${f}`]),
      ],
      censor: '[redacted]',
    },
  };
}
