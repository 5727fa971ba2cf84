// SCIM's own error answer (RFC 7644 section 3.12): { schemas: [...Error], status, scimType?, detail }. The detail
// starts with a stable key (error.scim.*, error.not_found) so a client or a log search can tell causes apart.
import SCIMMY from 'scimmy';

export function scimError(status: number, scimType: string | undefined, key: string, message: string): InstanceType<typeof SCIMMY.Types.Error> {
  // scimmy's own errors carry null for "no scimType"; its types say string.
  return new SCIMMY.Types.Error(status, (scimType ?? null) as string, `${key}: ${message}`);
}

/** The body of an error answer for any SCIMMY error (scimmy's own details get a key by their status). */
export function scimErrorBody(err: { status: number | string; scimType?: string | null; message: string }): Record<string, unknown> {
  const status = Number(err.status);
  const keyed = /^error\.[a-z_.]+: /.test(err.message) ? err.message : `${keyOf(status, err.scimType ?? undefined)}: ${err.message}`;
  return { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), ...(err.scimType ? { scimType: err.scimType } : {}), detail: keyed };
}

function keyOf(status: number, scimType: string | undefined): string {
  if (status === 404) return 'error.not_found';
  if (scimType) return `error.scim.${scimType.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
  if (status >= 500) return 'error.general';
  return 'error.scim.invalid_request';
}
