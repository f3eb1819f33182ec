import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './issue-form.module.css';

/** Says a draft was restored, with the way to discard it. */
export function DraftNote({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" role="status" title={t('issueForm.draft.restored')}>
      <div className={classes.draftNote}>
        <span>{t('issueForm.draft.restoredDetail')}</span>
        <Button variant="default" size="xs" onClick={onDiscard}>
          {t('issueForm.draft.discard')}
        </Button>
      </div>
    </Alert>
  );
}
