import type { ApiKey } from '@taxfree/domain';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { useShopDateTime } from '@/hooks/use-shop-date-time';
import { notifySuccess } from '@/lib/notify';
import { useRevokeApiKey } from '../api/api-keys';

type KeysTableProps = { companyId: string; keys: ApiKey[] };

/** Each key: its name and branch, how it ends, when it was made and by whom, its last use. */
export function KeysTable({ companyId, keys }: KeysTableProps) {
  const { t } = useTranslation();
  const formatDateTime = useShopDateTime();
  const revoke = useRevokeApiKey(companyId);

  const askToRevoke = async (key: ApiKey) => {
    const isSure = await confirmDialog({
      title: t('integrations.keys.revokeTitle', { name: key.name }),
      message: t('integrations.keys.revokeMessage'),
      confirmLabel: t('integrations.keys.revoke'),
      cancelLabel: t('integrations.keys.keep'),
      isDanger: true,
    });
    if (!isSure) return;
    revoke.mutate(key.id, {
      onSuccess: () => notifySuccess(t('integrations.keys.revoked', { name: key.name })),
    });
  };

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t('integrations.keys.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrations.keys.fields.name')}</Table.Th>
            <Table.Th>{t('integrations.keys.fields.branch')}</Table.Th>
            <Table.Th>{t('integrations.keys.fields.key')}</Table.Th>
            <Table.Th>{t('integrations.keys.fields.created')}</Table.Th>
            <Table.Th>{t('integrations.keys.fields.lastUsed')}</Table.Th>
            <Table.Th>{t('integrations.keys.fields.ends')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('integrations.keys.fields.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Th scope="row">{key.name}</Table.Th>
              <Table.Td>{key.branch_name}</Table.Td>
              <Table.Td>{t('integrations.keys.endingIn', { lastFour: key.last_four })}</Table.Td>
              <Table.Td>
                {key.created_by
                  ? t('integrations.keys.createdBy', {
                      time: formatDateTime(key.created_at),
                      name: key.created_by,
                    })
                  : formatDateTime(key.created_at)}
              </Table.Td>
              <Table.Td>
                {key.last_used_at ? formatDateTime(key.last_used_at) : t('integrations.keys.never')}
              </Table.Td>
              <Table.Td>
                {key.expires_at ? formatDateTime(key.expires_at) : t('integrations.keys.noEnd')}
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={t('integrations.keys.revokeNamed', { name: key.name })}
                  onClick={() => void askToRevoke(key)}
                >
                  {t('integrations.keys.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
