// scimmy (docs/decisions/0047) parses, validates and formats SCIM: the User core schema, filters, PatchOp, list
// responses, the ServiceProviderConfig, ResourceType and Schema documents. It is a process-wide singleton, so the
// handlers below are declared once and get the request's account and database through scimmy's `ctx` argument.
import SCIMMY from 'scimmy';
import type { Db } from '../../db/client';
import { scimError } from './scim-error';
import {
  createScimUser,
  deleteScimUser,
  findScimUser,
  listScimUsers,
  replaceScimUser,
  toScimUser,
  type ScimAddressChange,
  type ScimUserInput,
  type ScimWriteEnv,
} from './scim-user-store';

/** What a SCIM request hands to the handlers, and what they hand back (the audit's details, an unexpected failure). */
export interface ScimContext {
  db: Db;
  /** The outbox's queue and the settings a write may need (the notice to a user's old address). */
  env: ScimWriteEnv;
  accountId: string;
  /** What the request's audit event says it did (scim-routes.ts notes it): never the user's name or address. */
  outcome: { userId?: string; deactivated?: boolean; reactivated?: boolean } & Partial<ScimAddressChange>;
  failure?: unknown;
}

/** The handler's error for scimmy: its own errors pass; anything else is kept for the log and answered 500, not 404. */
function guard<A extends unknown[], R>(handler: (ctx: ScimContext, ...args: A) => Promise<R>) {
  return async (ctx: ScimContext, ...args: A): Promise<R> => {
    try {
      return await handler(ctx, ...args);
    } catch (err) {
      if (err instanceof SCIMMY.Types.Error) throw err;
      ctx.failure = err;
      throw scimError(500, undefined, 'error.general', 'Unexpected error');
    }
  };
}

/** `userName eq "..."`, alone: the query every directory sends before creating a user, answered by an index. */
function userNameEquals(filter: unknown): string | undefined {
  if (!Array.isArray(filter) || filter.length !== 1) return undefined;
  const only = filter[0] as Record<string, unknown>;
  const keys = Object.keys(only);
  const expression = only[keys[0] ?? ''];
  if (keys.length !== 1 || keys[0]!.toLowerCase() !== 'username' || !Array.isArray(expression)) return undefined;
  const [comparator, value] = expression as unknown[];
  return typeof comparator === 'string' && comparator.toLowerCase() === 'eq' && typeof value === 'string' ? value : undefined;
}

const read = guard(async (ctx: ScimContext, resource: InstanceType<typeof SCIMMY.Resources.User>) => {
  if (resource.id) return toScimUser(await findScimUser(ctx.db, ctx.accountId, resource.id));
  const userName = userNameEquals(resource.filter);
  const users = (await listScimUsers(ctx.db, ctx.accountId, userName)).map(toScimUser);
  return userName !== undefined || !resource.filter ? users : resource.filter.match(users);
});

const write = guard(async (ctx: ScimContext, resource: InstanceType<typeof SCIMMY.Resources.User>, instance: ScimUserInput) => {
  if (!resource.id) {
    const row = await createScimUser(ctx.db, ctx.accountId, instance);
    ctx.outcome.userId = row.id;
    return toScimUser(row);
  }
  const { row, deactivated, reactivated, addressChange } = await replaceScimUser(ctx.db, ctx.env, ctx.accountId, resource.id, instance);
  Object.assign(ctx.outcome, { userId: row.id, deactivated, reactivated, ...addressChange });
  return toScimUser(row);
});

const dispose = guard(async (ctx: ScimContext, resource: InstanceType<typeof SCIMMY.Resources.User>) => {
  await deleteScimUser(ctx.db, ctx.accountId, resource.id!);
  Object.assign(ctx.outcome, { userId: resource.id, deactivated: true });
});

let declared = false;

/** Declares the User resource and the service's capabilities; idempotent (every app instance in a test calls it). */
export function setUpScimmy(basePath: string): void {
  SCIMMY.Resources.User.basepath(basePath);
  SCIMMY.Resources.ResourceType.basepath(basePath);
  SCIMMY.Resources.Schema.basepath(basePath);
  SCIMMY.Resources.ServiceProviderConfig.basepath(basePath);
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: true,
    filter: 200,
    authenticationSchemes: [],
  });
  SCIMMY.Config.set('authenticationSchemes', {
    type: 'oauthbearertoken',
    name: 'Bearer token',
    description: "The account's SCIM token from Settings > Provisioning, sent as Authorization: Bearer bqscim_...",
    primary: true,
  });
  // Entra ID and Okta may send enterprise attributes (department, manager): accepted and not kept, instead of a 400.
  SCIMMY.Resources.declare(SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false))
    // The handlers answer plain SCIM objects; scimmy formats them with its User schema.
    .egress((resource, ctx) => read(ctx as ScimContext, resource) as Promise<never>)
    .ingress((resource, instance, ctx) => write(ctx as ScimContext, resource, instance as unknown as ScimUserInput) as Promise<never>)
    .degress((resource, ctx) => dispose(ctx as ScimContext, resource));
}

export { SCIMMY };
