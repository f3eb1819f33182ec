import { Button, Group, Pagination, Text, TextInput } from '@mantine/core';
import type { CompanyFormListItem } from '@taxfree/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu';
import { FormAlert } from '@/components/form-alert';
import { IconSearch } from '@/components/icons';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useMay, useSession } from '@/hooks/use-session';
import { useSwitchBranch } from '@/hooks/use-switch-branch';
import { companyPath, useCurrency } from '@/lib/company-data';
import { errorMessage } from '@/lib/error-handler';
import { navigate } from '@/lib/hash-location';
import { COMPANY_FORMS_PER_PAGE, useCompanyForms } from '../api/company-forms';
import { NARROW_QUERY } from '../form/narrow-list';
import { AllBranchesCards } from './all-branches-cards';
import { AllBranchesTable } from './all-branches-table';
import { StageFilterSelect } from '../list/stage-filter-select';
import { useListFilters } from '../list/use-list-filters';
import classes from '../tax-forms.module.css';

/**
 * A manager's list of the forms of every branch, with each form's branch and issuer, searched and
 * filtered as a branch's list is, and exported as shown. A form is worked on in its own branch:
 * Open moves there and shows its status and history.
 */
export function AllBranchesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const mayRunBranches = useMay('allBranches');
  const moveTo = useSwitchBranch();
  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const FormsList = isNarrow ? AllBranchesCards : AllBranchesTable;
  const { search, setSearch, query, stage, setStage } = useListFilters();
  const [page, setPage] = useState({ of: query, number: 1 });
  // A new search or stage starts again from the first page.
  const pageNumber = page.of === query ? page.number : 1;
  const forms = useCompanyForms(
    mayRunBranches ? (session?.companyId ?? null) : null,
    query,
    pageNumber,
  );
  const currency = useCurrency(mayRunBranches ? session : null);

  if (!mayRunBranches) return <FormAlert>{t('allBranches.managersOnly')}</FormAlert>;

  const open = (form: CompanyFormListItem) => {
    if (String(form.retailer_branch_id) !== session?.branchId) {
      moveTo({ id: form.retailer_branch_id, name: form.branch_name });
    }
    const params = new URLSearchParams({
      search: form.barcode,
      form: String(form.id),
      panel: 'status',
    });
    navigate(`/refundForms?${params.toString()}`);
  };
  const total = forms.data?.total ?? 0;
  const pages = Math.ceil(total / COMPANY_FORMS_PER_PAGE);

  return (
    <>
      <PageTitle>{t('allBranches.title')}</PageTitle>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          type="search"
          aria-label={t('refundForms.search.label')}
          placeholder={t('refundForms.search.placeholder')}
          leftSection={<IconSearch size={18} aria-hidden />}
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <StageFilterSelect stage={stage} onChange={setStage} />
        {session?.companyId && (
          <ExportMenu
            path={`${companyPath(session.companyId)}/taxforms/export`}
            query={{ search: query.search || undefined, stage: query.stage }}
            fallbackName="tax-forms-all-branches"
            size="md"
          />
        )}
      </div>
      {forms.isPending && <PageLoader />}
      {forms.isError && (
        <FormAlert>
          {errorMessage(forms.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void forms.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {forms.data && (
        <>
          <Text size="sm" c="dimmed" className={classes.hint} role="status">
            {t('refundForms.hint', { shown: forms.data.items.length, count: total })}
          </Text>
          {forms.data.items.length > 0 ? (
            <div aria-busy={forms.isPlaceholderData}>
              <FormsList forms={forms.data.items} currency={currency.data ?? ''} onOpen={open} />
            </div>
          ) : (
            <Text fw={600}>{t('refundForms.empty')}</Text>
          )}
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pages}
                value={pageNumber}
                onChange={(number) => setPage({ of: query, number })}
                getControlProps={(control) => ({
                  'aria-label': t(`allBranches.pages.${control}`),
                })}
              />
            </Group>
          )}
        </>
      )}
    </>
  );
}
