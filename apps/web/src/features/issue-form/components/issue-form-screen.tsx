import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/hooks/use-session';
import { navigate } from '@/lib/hash-location';
import type { RouteState } from '@/lib/route-state';
import { IssueForm } from './issue-form';
import { mailPanelPath } from './use-list-links';

/**
 * `/issueForm`: the issue form as a full page, for a counter tablet. The route is open; without a
 * session it asks the user to log in and comes back here (the settings, countries and saving all
 * need one). A session that ends while the form is filled sends the user to log in and back, where
 * the draft restores what was typed.
 */
export function IssueFormScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageTitle>{t('pages.issueForm')}</PageTitle>
      {session ? (
        <IssueForm
          session={session}
          formId={null}
          onEmail={(saved) => navigate(mailPanelPath(saved))}
          headingLevel={2}
        />
      ) : (
        <FormAlert tone="info">
          {t('issueForm.signInNeeded')}{' '}
          <Link to="/login" state={{ from: '/issueForm' } satisfies RouteState} asChild>
            <Anchor>{t('issueForm.signIn')}</Anchor>
          </Link>
        </FormAlert>
      )}
    </>
  );
}
