import { Button, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconSearch } from '@/components/icons';
import { ScanReturnedForm } from './scan-returned-form';
import { FormsExportMenu } from './tax-forms-export-menu';
import classes from './tax-forms.module.css';

/** The server ignores longer searches (the list query allows 100 characters). */
const SEARCH_MAX_LENGTH = 100;

type FormsToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  onIssue: () => void;
  /** The stage filter, beside the search. */
  filter?: ReactNode;
};

/** The search box and the Issue Form button above the list. */
export function FormsToolbar({ search, onSearchChange, onIssue, filter }: FormsToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        aria-label={t('refundForms.search.label')}
        placeholder={t('refundForms.search.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
      {filter}
      <FormsExportMenu />
      <ScanReturnedForm />
      <Button size="md" onClick={onIssue} leftSection={<IconPlus size={18} aria-hidden />}>
        {t('refundForms.issueForm')}
      </Button>
    </div>
  );
}
