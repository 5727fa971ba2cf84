// Who may frame a start page (docs/decisions/0092): every page of the app answers `frame-ancestors 'none'` and
// X-Frame-Options DENY (plugins/security-headers.ts); the page of an active public start link, /start/{publicId},
// instead names the https origins its account listed for it. A link without origins, switched off or unknown keeps
// 'none'. Only that document: its scripts and the API need no framing rule (frame-ancestors applies to documents).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { publicLinks } from '../../db/schema';
import { linkUsable } from './link-usable';

const START_PAGE = /^\/start\/([A-Za-z0-9_-]{22})\/?$/;

/** The CSP with its frame-ancestors replaced by these origins (each already checked to be an https origin). */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`);
}

export default fp(async function embedHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = START_PAGE.exec(request.url.split('?')[0] ?? '');
    if (!match) return;
    const [link] = await app.db
      .select({ origins: publicLinks.embedOrigins })
      .from(publicLinks)
      .where(and(eq(publicLinks.publicId, match[1]!), linkUsable()));
    if (!link || link.origins.length === 0) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withFrameAncestors(csp, link.origins));
    // Browsers that know frame-ancestors ignore X-Frame-Options beside it; DENY would still stop the old ones.
    reply.removeHeader('x-frame-options');
  });
});
