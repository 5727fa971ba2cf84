// Zod without its JIT: the JIT compiles parsers with `new Function`, and merely probing whether that is allowed
// is a CSP violation under the server's script-src 'self' (no 'unsafe-eval'). Imported first in main.tsx. Zod keeps
// its configuration in globalThis.__zod_globalConfig and adopts an object already there, so setting it before zod
// loads needs no import of zod, which the login page loads only when the user types (docs/decisions/0018).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
