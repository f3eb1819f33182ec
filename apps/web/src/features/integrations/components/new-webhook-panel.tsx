import type { WebhookSecret } from '@taxfree/domain';
import { useState } from 'react';
import { WebhookForm } from './webhook-form';
import { SecretShownOnce } from './secret-shown-once';

type NewWebhookPanelProps = { companyId: string; onDone: () => void };

/** The New webhook form, then its signing secret, shown this once for the manager to copy. */
export function NewWebhookPanel({ companyId, onDone }: NewWebhookPanelProps) {
  const [created, setCreated] = useState<WebhookSecret | null>(null);
  return created ? (
    <SecretShownOnce secret={created.secret} onDone={onDone} />
  ) : (
    <WebhookForm companyId={companyId} onSaved={setCreated} />
  );
}
