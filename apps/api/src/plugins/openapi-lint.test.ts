import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/build-app.ts';

/**
 * The OpenAPI description a client generator reads, linted by Redocly's recommended rules: no
 * error. (Two of its warnings stay: `…/taxforms/stat/{formId}` beside `…/taxforms/{formId}/mail`
 * and `…/audit` read alike to the rule, and the paths are the Contract's.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI description', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const source = (await t.app.inject({ url: '/api/docs/json' })).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    expect(warnings.map((warning) => warning.ruleId)).toEqual(
      warnings.map(() => 'no-ambiguous-paths'),
    );
  });

  it('describes each webhook event, its signed headers and its body as a named schema', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document['x-webhooks'])).toEqual([
      'taxform.issued',
      'taxform.updated',
      'taxform.stage_changed',
      'taxform.cancelled',
    ]);
    const issued = document['x-webhooks']['taxform.issued'].post;
    expect(issued.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(issued.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookEvent',
    );
    expect(document.components.schemas.WebhookEvent.properties.type.enum).toContain(
      'taxform.stage_changed',
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Webhook', 'WebhookDelivery', 'WebhookEventData']),
    );
  });
});
