import { isCroatiaMode } from '@taxfree/domain';
import { Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconFileOff } from '@/components/icons';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { formsOfPages, useTaxForms } from '../api/tax-forms';
import { useCurrency, useTfsSettings, type TfsSettings } from '@/lib/company-data';
import { FormCards } from './tax-form-cards';
import { useFormColumns } from './tax-form-columns';
import { LazyFormPanels } from './lazy-form-panels';
import { useFormPanel, type FormActionHandler } from '../form/tax-form-panel';
import { FormsTable } from './tax-forms-table';
import { FormsToolbar } from './tax-forms-toolbar';
import { StageFilterSelect } from './stage-filter-select';
import { useHighlightedForm } from './use-highlighted-form';
import { useListFilters } from './use-list-filters';
import { usePrintForm } from '../actions/use-print-form';
import { NARROW_QUERY } from '../form/narrow-list';
import classes from '../tax-forms.module.css';

/**
 * The invoice reference number is listed in the Croatia-customised mode (ushopSetting not the
 * text 'false') when forms carry a single invoice (SPEC 1).
 */
export function showsInvoiceReference(
  session: Pick<Session, 'ushopSetting'> | null,
  settings: TfsSettings | undefined,
): boolean {
  return (
    session !== null &&
    isCroatiaMode(session.ushopSetting) &&
    settings?.general_setting.multiple_invoice_required === 0
  );
}

/** The refund form list (SPEC 2): search, count, Issue Form, and the forms loaded as one scrolls. */
export function TaxFormsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const { search, setSearch, query, stage, setStage } = useListFilters();
  // A new search or stage is a new query key, so it starts again from page 1.
  const forms = useTaxForms(session, query);
  const currency = useCurrency(session);
  const settings = useTfsSettings(session?.companyId);
  const { open, openIssue } = useFormPanel();
  const { print } = usePrintForm();
  // Print has nothing to show in a panel: it opens the PDF straight from the menu.
  const onAction = useCallback<FormActionHandler>(
    (panel, form) => (panel === 'print' ? void print(form) : open(panel, form)),
    [open, print],
  );
  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });

  const columns = useFormColumns({
    currency: currency.data ?? '',
    showsInvoiceReference: showsInvoiceReference(session, settings.data),
  });
  // Which columns show, and how amounts are written, come with the currency and the settings: the
  // list waits for them too, so it is drawn once rather than again, its columns moved, as they come.
  const columnsLoading = currency.isLoading || settings.isLoading;
  const items = useMemo(() => formsOfPages(forms.data?.pages ?? []), [forms.data]);
  const total = forms.data?.pages.at(-1)?.total ?? 0;
  const highlightId = useHighlightedForm({
    listKey: JSON.stringify([query.search, query.stage ?? '']),
    isSettled: forms.isSuccess && !forms.isFetching,
  });

  const { fetchNextPage } = forms;
  // Never cancel a page on its way: a second call would otherwise restart it.
  const loadNextPage = useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const sentinelRef = useInfiniteScroll({
    loadedCount: items.length,
    hasNextPage: forms.hasNextPage,
    isFetchingNextPage: forms.isFetchingNextPage,
    fetchNextPage: loadNextPage,
    // Not before the list is drawn: the sentinel would be in view above an empty page.
    isEnabled: !forms.isFetchNextPageError && !forms.isPlaceholderData && !columnsLoading,
  });

  const List = isNarrow ? FormCards : FormsTable;

  return (
    <>
      <PageTitle>{t('pages.refundForms')}</PageTitle>
      <FormsToolbar
        search={search}
        onSearchChange={setSearch}
        onIssue={openIssue}
        filter={<StageFilterSelect stage={stage} onChange={setStage} />}
      />

      {(forms.isPending || columnsLoading) && <PageLoader />}
      {forms.data && !columnsLoading && (
        <>
          <Text size="sm" c="dimmed" className={classes.hint} role="status">
            {t('refundForms.hint', { shown: items.length, count: total })}
          </Text>
          {items.length > 0 ? (
            <div aria-busy={forms.isPlaceholderData}>
              <List forms={items} columns={columns} onAction={onAction} highlightId={highlightId} />
            </div>
          ) : (
            <div className={classes.empty}>
              <IconFileOff size={40} aria-hidden />
              <Text fw={600}>{t('refundForms.empty')}</Text>
            </div>
          )}
        </>
      )}
      {forms.isError && (
        <FormAlert>
          {errorMessage(forms.error)}{' '}
          <Button
            variant="default"
            size="xs"
            ml="xs"
            onClick={() =>
              void (forms.isFetchNextPageError ? forms.fetchNextPage() : forms.refetch())
            }
          >
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {/* The live region stays in place, so what appears in it is announced. */}
      <div className={classes.status} role="status">
        {forms.isFetchingNextPage && (
          <>
            <Loader size="sm" aria-hidden />
            <VisuallyHidden>{t('refundForms.loadingMore')}</VisuallyHidden>
          </>
        )}
      </div>
      <div ref={sentinelRef} className={classes.sentinel} aria-hidden="true" />
      <LazyFormPanels />
    </>
  );
}
