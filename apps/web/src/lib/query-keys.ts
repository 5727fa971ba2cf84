// Query keys shared by the lib-level endpoints; feature endpoints define their own beside their fetchers.
export const currentUserQueryKey = ['user', 'current'] as const;
export const systemConfigQueryKey = ['system', 'config'] as const;
