import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './issue-form.module.css';

type IssueFormActionsProps = {
  submitLabel: string;
  isSubmitting: boolean;
  /** Only in the drawer: the page has nothing to go back to. */
  onCancel?: () => void;
};

/** Cancel (in the drawer) and the submit button: Issue Form, or Update and Print. */
export function IssueFormActions({ submitLabel, isSubmitting, onCancel }: IssueFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.actions}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          {t('issueForm.cancel')}
        </Button>
      )}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
