import { WEBHOOK_EVENTS } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { emptyNewWebhook, newWebhookFormSchema, webhookEventName } from './new-webhook-form';

describe('the New webhook form', () => {
  it('starts with every event ticked, and sends the address trimmed', () => {
    const filled = { ...emptyNewWebhook(), url: ' https://till.example.com/hooks ' };
    expect(newWebhookFormSchema.parse(filled)).toEqual({
      url: 'https://till.example.com/hooks',
      events: [...WEBHOOK_EVENTS],
    });
  });

  it('asks for a full address and at least one event', () => {
    // Each field's message, as the form shows it (an empty address fails two checks alike).
    const messages = (values: object) =>
      Object.fromEntries(
        newWebhookFormSchema
          .safeParse({ ...emptyNewWebhook(), ...values })
          .error!.issues.map((issue) => [issue.path[0], issue.message]),
      );
    expect(messages({ events: [] })).toEqual({
      url: 'webhookUrlInvalid',
      events: 'webhookEventsRequired',
    });
    expect(messages({ url: 'shop.example.com/hooks' })).toEqual({ url: 'webhookUrlInvalid' });
  });
});

describe('an event in the delivery log', () => {
  it('is named in plain words, the test event too; an unknown one is not', () => {
    expect(WEBHOOK_EVENTS.map(webhookEventName)).toEqual([
      'issued',
      'updated',
      'stageChanged',
      'cancelled',
    ]);
    expect(webhookEventName('webhook.test')).toBe('test');
    expect(webhookEventName('form.paid')).toBeNull();
    expect(webhookEventName('toString')).toBeNull();
  });
});
