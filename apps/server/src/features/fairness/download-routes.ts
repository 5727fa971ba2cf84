// The adverse-impact report as files: CSV (the table) and PDF (the Local Law 144 summary).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
export const fairnessDownloadRoutes: FastifyPluginAsyncZod = async () => {};
