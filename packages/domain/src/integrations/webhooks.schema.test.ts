import { describe, expect, it } from 'vitest';
import { isWebhookUrl, newWebhookSchema, webhookChangeSchema } from './webhooks.schema.ts';

describe('newWebhookSchema', () => {
  it('keeps the events once each, in their usual order', () => {
    const parsed = newWebhookSchema.parse({
      url: ' https://till.example.com/hooks ',
      events: ['taxform.cancelled', 'taxform.issued', 'taxform.issued'],
    });
    expect(parsed).toEqual({
      url: 'https://till.example.com/hooks',
      events: ['taxform.issued', 'taxform.cancelled'],
    });
  });

  it('refuses no events, unknown events and targets that are no http(s) URL', () => {
    const messages = (body: unknown) =>
      newWebhookSchema.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(messages({ url: 'https://a.example', events: [] })).toEqual(['webhookEventsRequired']);
    expect(messages({ url: 'https://a.example', events: ['form.paid'] })).toEqual([
      'webhookEventUnknown',
    ]);
    for (const url of ['ftp://a.example/x', 'not a url', 'https://user:pw@a.example/', '']) {
      expect(isWebhookUrl(url)).toBe(false);
      expect(messages({ url, events: ['taxform.issued'] })).toContain('webhookUrlInvalid');
    }
  });

  it('takes a change of target or of events, not neither', () => {
    expect(webhookChangeSchema.safeParse({ events: ['taxform.updated'] }).success).toBe(true);
    expect(webhookChangeSchema.safeParse({}).success).toBe(false);
  });
});
