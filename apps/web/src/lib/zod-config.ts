// Zod without its JIT: the JIT compiles parsers with `new Function`, and merely probing whether that is allowed
// is a CSP violation under the server's script-src 'self' (no 'unsafe-eval'). Imported first in main.tsx.
import { z } from 'zod';

z.config({ jitless: true });
