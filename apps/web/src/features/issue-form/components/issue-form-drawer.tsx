import { Drawer, Text } from '@mantine/core';
import { countryForm } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '@/hooks/use-opened-after-mount';
import { useSession } from '@/hooks/use-session';
import { IssueForm } from './issue-form';
import classes from './issue-form.module.css';

export type IssueFormDrawerProps = {
  opened: boolean;
  /** The form to update; null issues a new one. */
  formId: number | null;
  onClose: () => void;
};

/**
 * The Issue / Update tax form panel (SPEC 2): a wide drawer on the right. Its content mounts when
 * it opens and unmounts when it closes, so each opening starts from a fresh form. The title names
 * the official form of the retailer's country (PDV-P in Croatia), as the printed form does, or else
 * the form's name in the clerk's language (`app.formName`).
 */
export function IssueFormDrawer({ opened, formId, onClose }: IssueFormDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  // Drawn from its first opening on: it opens a frame later, so the focus goes back on closing.
  const isOpen = useOpenedAfterMount(opened && session !== null);
  // The official form of the shop's country; elsewhere the form's name in the clerk's language.
  const formName = (session && countryForm(session.country).formCode) ?? t('app.formName');
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="right"
      size="min(100%, 72rem)"
      title={
        <>
          {formId === null ? t('issueForm.titleNew') : t('issueForm.titleEdit')}
          <Text span c="dimmed" fw={500} ml="sm" data-testid="form-name">
            {formName}
          </Text>
        </>
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ body: classes.drawerBody, title: classes.drawerTitle }}
    >
      {session && (
        <IssueForm session={session} formId={formId} onSaved={onClose} onCancel={onClose} />
      )}
    </Drawer>
  );
}
