// Route modules loaded before the router asks for them, to shorten the waterfall after sign-in (main container →
// user → shell → client list; docs/decisions/0018-page-weight-and-accessibility.md). The router uses the same
// importers, so a preloaded module is the one its route then renders.
export const importMainContainer = () => import('./MainContainer');
export const importEvaluatorShell = () => import('./shell/EvaluatorShell');
export const importClientListPage = () => import('../features/clients/pages/ClientListPage');

/** Starts loading modules without waiting; a failure shows when the route itself loads the module. */
export function preload(...importers: (() => Promise<unknown>)[]): void {
  for (const importer of importers) importer().catch(() => undefined);
}
