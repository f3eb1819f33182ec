import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddUserForm } from './add-user-form';
import classes from './staff.module.css';

type AddUserDrawerProps = {
  opened: boolean;
  companyId: string;
  branchId: string;
  onClose: () => void;
};

/** The Add a user side panel; the form starts empty each time it opens. */
export function AddUserDrawer({ opened, companyId, branchId, onClose }: AddUserDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('staff.addUser.title')}
      classNames={{ title: classes.drawerTitle }}
    >
      {opened && <AddUserForm companyId={companyId} branchId={branchId} onAdded={onClose} />}
    </Drawer>
  );
}
