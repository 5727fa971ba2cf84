// Teams (spec section 7, "Teams and weights"): GET /api/admin/teams?repeatedMeasurementId=, POST /api/admin/teams,
// DELETE /api/teams/{teamId}, members under /api/productconfig/{configId}/teams/{teamId}/members, the team result
// and the comparison of teams. The permission depends on the team's product (its realm): the services check it;
// the entity/action is named on each route.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddTeamMembersRequest,
  ZCreateTeamRequest,
  ZLocaleOnlyQuery,
  ZTeam,
  ZTeamCompareQuery,
  ZTeamComparison,
  ZTeamList,
  ZTeamListQuery,
  ZTeamResult,
} from '@bq/contracts/teams';
import { apiErrors } from '../../plugins/openapi';
import { addTeamMembers, createTeam, deleteTeam, listTeams, removeTeamMember } from './team-service';
import { compareTeams, teamResult } from './team-result';
import { filterOf, rowsOf } from '../audit/declare';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];
const ZToken = z.string().min(1).max(100);

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permission: TEAMS/READ in the product's realm.
  app.get(
    '/api/admin/teams',
    {
      config: { audit: { action: 'team.list', answer: rowsOf() }, productPermission: { entity: 'TEAMS', action: 'READ' } },
      schema: {
        operationId: 'listTeams',
        tags: ['teams'],
        querystring: ZTeamListQuery,
        response: { 200: ZTeamList, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => listTeams(app.db, request.auth, request.query.repeatedMeasurementId),
  );

  // Permission: TEAMS/CREATE in the product's realm.
  app.post(
    '/api/admin/teams',
    {
      config: { audit: { action: 'team.create' }, productPermission: { entity: 'TEAMS', action: 'CREATE' } },
      schema: {
        operationId: 'createTeam',
        tags: ['teams'],
        body: ZCreateTeamRequest,
        response: { 201: ZTeam, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: ['error.teams.duplicate_name'] }) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createTeam(app.db, request.auth, request.body);
    },
  );

  // Permission: TEAMS/DELETE in the product's realm.
  app.delete(
    '/api/teams/:teamId',
    {
      config: { audit: { action: 'team.delete', details: (r) => ({ teamId: (r.params as { teamId?: string }).teamId }) }, productPermission: { entity: 'TEAMS', action: 'DELETE' } },
      schema: {
        operationId: 'deleteTeam',
        tags: ['teams'],
        params: z.object({ teamId: z.uuid() }),
        response: { 204: z.null().describe('Deleted'), ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request, reply) => {
      await deleteTeam(app.db, request.auth, request.params.teamId);
      reply.code(204);
      return null;
    },
  );

  // Permission: TEAMS/UPDATE in the product's realm.
  app.post(
    '/api/productconfig/:configId/teams/:teamId/members',
    {
      config: { audit: { action: 'team.members_add', details: (r) => ({ teamId: (r.params as { teamId?: string }).teamId, clientTokens: (r.body as { userTokens?: string[] }).userTokens }) }, productPermission: { entity: 'TEAMS', action: 'UPDATE', product: { configurationId: 'params.configId' } } },
      schema: {
        operationId: 'addTeamMembers',
        tags: ['teams'],
        params: z.object({ configId: z.uuid(), teamId: z.uuid() }),
        body: ZAddTeamMembersRequest,
        response: { 200: ZTeam, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request) => addTeamMembers(app.db, request.auth, request.product, request.params.teamId, request.body.userTokens),
  );

  // Permission: TEAMS/UPDATE in the product's realm.
  app.delete(
    '/api/productconfig/:configId/teams/:teamId/members/:memberToken',
    {
      config: { audit: { action: 'team.member_remove', subject: { client: 'params.memberToken' } }, productPermission: { entity: 'TEAMS', action: 'UPDATE', product: { configurationId: 'params.configId' } } },
      schema: {
        operationId: 'removeTeamMember',
        tags: ['teams'],
        params: z.object({ configId: z.uuid(), teamId: z.uuid(), memberToken: ZToken }),
        response: { 200: ZTeam, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request) =>
      removeTeamMember(app.db, request.auth, request.product, request.params.teamId, request.params.memberToken),
  );

  // Permission: TEAMS/READ in the product's realm.
  app.get(
    '/api/teams/:teamId/repeated_measurement/:id/result',
    {
      config: { audit: { action: 'team.result_view', details: (r) => ({ teamId: (r.params as { teamId?: string }).teamId }) }, productPermission: { entity: 'TEAMS', action: 'READ' } },
      schema: {
        operationId: 'getTeamResult',
        tags: ['teams'],
        description: 'Mean, sd, min and max of the members\' T-scores per dimension (latest finished measurement of each member in the campaign). Below the k-anonymity floor: tooFewToShow and no numbers.',
        params: z.object({ teamId: z.uuid(), id: z.uuid() }),
        querystring: ZLocaleOnlyQuery,
        response: { 200: ZTeamResult, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => teamResult(app.db, request.auth, request.params.teamId, request.params.id, request.query.locale),
  );

  // Permission: TEAMS_COMPARISON/READ in the product's realm.
  app.get(
    '/api/teams/compare/:repeatedMeasurementId',
    {
      config: { audit: { action: 'team.compare_view', details: filterOf }, productPermission: { entity: 'TEAMS_COMPARISON', action: 'READ' } },
      schema: {
        operationId: 'compareTeams',
        tags: ['teams'],
        description: 'Two to six teams side by side (teamId repeated), in the order given.',
        params: z.object({ repeatedMeasurementId: z.uuid() }),
        querystring: ZTeamCompareQuery,
        response: { 200: ZTeamComparison, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) =>
      compareTeams(app.db, request.auth, request.params.repeatedMeasurementId, request.query.teamId, request.query.locale),
  );
};
