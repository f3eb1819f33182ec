import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@taxfree/domain';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function createWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString('base64')}`;
}

/**
 * The headers of one try: its message id (the same on every try), its time, and one signature
 * per secret in force (the new and, for a while after a rotation, the previous), space
 * separated, so that a receiver holding either verifies it.
 */
export function signedHeaders(input: {
  messageId: string;
  body: string;
  secrets: string[];
  at: Date;
}): Record<string, string> {
  const signatures = input.secrets.map((secret) =>
    new Webhook(secret).sign(input.messageId, input.at, input.body),
  );
  return {
    'webhook-id': input.messageId,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
