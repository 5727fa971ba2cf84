// Query keys shared by the lib-level endpoints; feature endpoints define their own beside their fetchers.
export const currentUserQueryKey = ['user', 'current'] as const;
export const systemConfigQueryKey = ['system', 'config'] as const;
/** GET /api/instance/{token} as the public document pages ask it (see lib/api/use-result-dashboard-path.ts). */
export const evaluatorInstanceQueryKey = (token: string) => ['evaluator', 'instance', token] as const;
