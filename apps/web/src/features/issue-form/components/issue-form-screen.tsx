import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/hooks/use-session';
import { IssueForm } from './issue-form';

const noop = () => undefined;

/**
 * `/issueForm`: the issue form as a full page, for a counter tablet. The route is open; without a
 * session it asks the user to log in (the settings, countries and saving all need one).
 */
export function IssueFormScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageTitle>{t('pages.issueForm')}</PageTitle>
      {session ? (
        <IssueForm session={session} formId={null} onSaved={noop} />
      ) : (
        <FormAlert tone="info">
          {t('issueForm.signInNeeded')}{' '}
          <Anchor component={Link} to="/login">
            {t('issueForm.signIn')}
          </Anchor>
        </FormAlert>
      )}
    </>
  );
}
