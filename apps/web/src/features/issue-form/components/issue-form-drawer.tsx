import { Drawer, Text } from '@mantine/core';
import { countryForm } from '@taxfree/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusBackAfterExit } from '@/hooks/use-focus-back-after-exit';
import { useOpenedAfterMount } from '@/hooks/use-opened-after-mount';
import { useSession } from '@/hooks/use-session';
import { IssueForm, type IssueFormStage } from './issue-form';
import classes from './issue-form.module.css';
import { useListLinks } from './use-list-links';

export type IssueFormDrawerProps = {
  opened: boolean;
  /** The form to show and update; null issues a new one. */
  formId: number | null;
  onClose: () => void;
};

/** The panel keeps its name from the form to its result; the result says what happened. */
const TITLES = {
  new: { edit: 'issueForm.titleNew', result: 'issueForm.titleNew', view: 'formView.title' },
  saved: { edit: 'issueForm.titleEdit', result: 'issueForm.titleEdit', view: 'formView.title' },
} as const;

/**
 * The Issue / Update tax form panel (SPEC 2): a wide drawer on the right. Its content mounts when
 * it opens and unmounts when it closes, so each opening starts from a fresh form. The title names
 * the official form of the retailer's country (PDV-P in Croatia), as the printed form does, or else
 * the form's name in the clerk's language (`app.formName`).
 */
export function IssueFormDrawer({ opened, formId, onClose }: IssueFormDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const links = useListLinks();
  const [stage, setStage] = useState<IssueFormStage>(formId === null ? 'edit' : 'view');
  // Drawn from its first opening on: it opens a frame later, so the focus goes back on closing.
  const isOpen = useOpenedAfterMount(opened && session !== null);
  // A form whose data arrives as the panel closes focuses its scan box: the opener gets it back.
  const focusBack = useFocusBackAfterExit(isOpen);
  // The official form of the shop's country; elsewhere the form's name in the clerk's language.
  const formName = (session && countryForm(session.country).formCode) ?? t('app.formName');
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      onExitTransitionEnd={focusBack}
      position="right"
      size="min(100%, 72rem)"
      title={
        <>
          {t(TITLES[formId === null ? 'new' : 'saved'][stage])}
          <Text
            span
            c="dimmed"
            fw={500}
            ml="sm"
            className={classes.formName}
            data-testid="form-name"
          >
            {formName}
          </Text>
        </>
      }
      classNames={{ body: classes.drawerBody, title: classes.drawerTitle }}
    >
      {session && (
        <IssueForm
          // Another form, or a new one after an update: the panel starts from its first stage.
          key={formId ?? 'new'}
          session={session}
          formId={formId}
          onClose={onClose}
          onEmail={links.mail}
          onNextTraveller={links.newForm}
          onSaved={links.highlight}
          onStage={setStage}
        />
      )}
    </Drawer>
  );
}
