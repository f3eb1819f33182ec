import type { CreatedApiKey } from '@taxfree/domain';
import { useState } from 'react';
import { NewKeyForm } from './new-key-form';
import { ShownOnce } from './shown-once';

type NewKeyPanelProps = { companyId: string; branchId: string; onDone: () => void };

/** The New key form, then the key itself, shown this once for the manager to copy to the till. */
export function NewKeyPanel({ companyId, branchId, onDone }: NewKeyPanelProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return created ? (
    <ShownOnce value={created.key} texts="integrations.keys" testId="new-api-key" onDone={onDone} />
  ) : (
    <NewKeyForm companyId={companyId} branchId={branchId} onCreated={setCreated} />
  );
}
