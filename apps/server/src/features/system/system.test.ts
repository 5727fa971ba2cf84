// Public system configuration, the OpenAPI document, and unknown API paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/system/config', () => {
  it('is public and states the locales, password policy and chunk-load timeout', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      demoMode: false,
      locales: ['EN_US', 'EN_UK', 'DE_DE'],
      defaultLocale: 'EN_US',
      passwordPolicy: { minLength: 12, maxLength: 128, minStrength: 3 },
      chunkLoadTimeoutMs: 120000,
    });
  });
});

describe('OpenAPI document', () => {
  it('lists every call with its request, response and error keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/system/config',
        '/api/i18ns',
        '/api/login',
        '/api/logout',
        '/api/user',
        '/api/user/{id}/password',
        '/api/admin/user/settings',
        '/api/reminders/counts',
        '/api/u',
        '/api/admin/bq_user',
        '/api/admin/bq_user/{token}/deactivate',
        '/api/participants',
        '/api/client/{token}/product/{id}/profile',
        '/api/admin/user/{id}/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available',
        '/api/admin/user/{id}/resource_limit/BQ_INTERACTION_COUNT/{interaction}/available',
        '/api/instance',
        '/api/instance/{token}/invite',
        '/api/instance/{token}/auto_sends',
        '/api/interaction/instance/{token}',
        '/api/interactions',
        '/api/instances',
        '/api/q',
        '/api/qi',
        '/api/q/{token}/answers',
        '/api/q/{token}/submit',
      ]),
    );
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\/LoginRequest/);
    expect(login.responses['401'].description).toContain('error.auth.invalid_credentials');
    expect(login.responses['429'].description).toContain('error.auth.too_many_sign_in_attempts');
    // The calls of the reports, mail and results features, with their error keys.
    const resolution = doc.paths['/api/dashboard/{token}/consistency/resolution'].post;
    expect(resolution.requestBody.content['application/json'].schema.$ref).toMatch(/ConsistencyResolutionRequest/);
    expect(resolution.responses['201']).toBeDefined();
    expect(resolution.responses['409'].description).toContain('error.consistency.not_flagged');
    const reportEmail = doc.paths['/api/instance/{token}/report/email'].post;
    expect(reportEmail.responses['200'].content['application/json'].schema.$ref).toMatch(/ReportEmailResponse/);
    expect(reportEmail.responses['402'].description).toContain('error.result.locked');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/report/content/{kind}/{token}',
        '/api/report/content/bqa/recommendations/{token}',
        '/api/report/content/bqp/certificate/{token}',
        '/api/render/report/{id}',
        '/api/report/download/{id}',
        '/api/report/download/{id}/info',
        '/api/selfassessment/sampleReport',
        '/api/verification/certificate/{verificationToken}',
        '/api/certificate/verificationLink/{token}',
        '/api/instance/{token}/invite/email',
        '/api/email/verification/{token}',
      ]),
    );
    // The risk verdict (decision 0013): every limit with its kind and reason, the flag's direction, the statement.
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.RiskProfile.properties)).toEqual(expect.arrayContaining(['caps', 'explainFirst', 'remarks', 'consistency']));
    expect(schemas.RiskProfile.properties.consistency.properties.direction).toBeDefined();
    expect(Object.keys(schemas.RiskCap.properties)).toEqual(expect.arrayContaining(['key', 'kind', 'nameKey', 'maxClass', 'binding', 'answers', 'share', 'failed']));
    expect(schemas.RiskCap.properties.kind.enum).toEqual(['DIMENSION', 'ANSWER', 'LOSS_PERCENT', 'LOSS_MONEY', 'KNOWLEDGE_TEST']);
    expect(JSON.stringify(schemas.ReportContent.properties.suitability)).toContain('SuitabilityStatement');
    for (const field of ['explainFirst', 'remarks', 'binding', 'reason']) expect(JSON.stringify(schemas.ReportContent.properties.risk)).toContain(`"${field}"`);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('OpenAPI document: the shapes issue 11 changed (reports, sending, client list, questionnaire)', () => {
  it('shows the new and changed fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schemas = doc.components.schemas;
    const json = (value: unknown) => JSON.stringify(value);
    // Sending a questionnaire can e-mail the invitation in the same call.
    expect(schemas.CreateInstanceRequest.properties.sendInvitationEmail).toMatchObject({ type: 'boolean', default: false });
    // The client list names each client's latest finished result.
    expect(json(schemas.ClientListItem.properties.latestResult)).toContain('LatestResult');
    expect(schemas.LatestResult.required).toEqual(expect.arrayContaining(['token', 'finishedAt', 'lockStatus']));
    // An anonymised report has no instance token.
    expect(json(schemas.ReportContent.properties.instanceToken)).toContain('null');
    // The names German needs for a formal greeting, the address the report-mail confirmation names.
    expect(schemas.ReportDownloadInfo.properties.clientLastName).toMatchObject({ type: 'string' });
    const questionnaire = json(doc.paths['/api/q'].get.responses['200'].content['application/json'].schema);
    const questionnaireSchema = /#\/components\/schemas\/(\w+)/.exec(questionnaire)?.[1];
    expect(json(questionnaireSchema ? schemas[questionnaireSchema] : questionnaire)).toContain('participantLastName');
    const dashboard = json(doc.paths['/api/dashboard/{token}'].get.responses['200'].content['application/json'].schema);
    const dashboardSchema = /#\/components\/schemas\/(\w+)/.exec(dashboard)?.[1];
    expect(dashboardSchema ? schemas[dashboardSchema].properties.client.required : []).toContain('email');
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON with error.not_found, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');
  });
});
