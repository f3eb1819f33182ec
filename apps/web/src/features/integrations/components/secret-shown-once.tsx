import type { ReactNode } from 'react';
import { ShownOnce } from './shown-once';

/**
 * A webhook's signing secret, shown this once (when the webhook is added, and at each rotation)
 * for the manager to copy into the receiving system.
 */
export function SecretShownOnce(props: { secret: string; note?: ReactNode; onDone: () => void }) {
  return (
    <ShownOnce
      value={props.secret}
      texts="integrations.webhooks.secret"
      testId="webhook-secret"
      note={props.note}
      onDone={props.onDone}
    />
  );
}
