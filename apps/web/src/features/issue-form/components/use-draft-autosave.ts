import type { TaxFormPayload } from '@taxfree/domain';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearDraft, loadDraft, saveDraft } from '../model/draft';
import type { IssueFormValues } from '../model/tax-form-values';

/** How long typing pauses before the draft is written. */
export const DRAFT_DELAY_MS = 400;

/** A new form's first values: as it starts blank, and the draft kept of it, if any. */
export type DraftStart = { pristine: IssueFormValues; restored: IssueFormValues | null };

/** Read once, when the form is first drawn; `key` is null for a form that keeps no draft. */
export function useDraftStart(key: string | null, blank: () => IssueFormValues): DraftStart {
  const [start] = useState(() => {
    const pristine = blank();
    return { pristine, restored: key ? loadDraft(key, pristine) : null };
  });
  return start;
}

type DraftForm = Pick<
  UseFormReturn<IssueFormValues, unknown, TaxFormPayload>,
  'subscribe' | 'getValues' | 'reset'
>;

/**
 * Keeps a new form's values as its draft in the browser, a short pause after each change, until
 * the form is issued or the draft discarded. Answers whether a draft was restored, and the two
 * ways to start over from a blank form: discarding the draft, or after issuing.
 */
export function useDraftAutosave(
  key: string | null,
  form: DraftForm,
  start: DraftStart,
  blank: () => IssueFormValues,
) {
  const { subscribe, getValues, reset } = form;
  const [isRestored, setIsRestored] = useState(start.restored !== null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pristine } = start;

  useEffect(() => {
    if (!key) return undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          timer.current = undefined;
          saveDraft(key, getValues(), pristine);
        }, DRAFT_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      // Closing the drawer mid-pause still keeps what was typed.
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        saveDraft(key, getValues(), pristine);
      }
    };
  }, [key, subscribe, getValues, pristine]);

  const forget = (draft: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    clearDraft(draft);
  };

  /** Drops the draft; the blank form is written again after the pause, as any change is. */
  const discard = () => {
    if (!key) return;
    forget(key);
    reset(blank());
    setIsRestored(false);
  };

  /** After issuing: a blank form and no draft, not even of the blank form. */
  const startOver = () => {
    reset(blank());
    if (key) forget(key);
    setIsRestored(false);
  };

  return { isRestored, discard, startOver };
}
