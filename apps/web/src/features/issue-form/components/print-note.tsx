import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrintState } from './use-saved-form-print';

type PrintNoteProps = { state: PrintState; automatic: boolean; barcode: string };

/** Where the printed form is: being made, open in its tab, or a link when the tab was refused. */
export function PrintNote({ state, automatic, barcode }: PrintNoteProps) {
  const { t } = useTranslation();
  const message = (() => {
    switch (state.status) {
      case 'idle':
        return automatic ? null : t('issueResult.printState.off');
      case 'printing':
        return t('issueResult.printState.printing');
      case 'opened':
        return t('issueResult.printState.opened');
      case 'failed':
        return t('issueResult.printState.failed');
      case 'blocked':
        return (
          <>
            {t('issueResult.printState.blocked')}{' '}
            <Anchor href={state.url} target="_blank" rel="noopener">
              {t('issueResult.printState.open', { barcode })}
            </Anchor>
          </>
        );
    }
  })();
  return (
    <Text role="status" c={state.status === 'failed' ? 'red.8' : undefined}>
      {message}
    </Text>
  );
}
