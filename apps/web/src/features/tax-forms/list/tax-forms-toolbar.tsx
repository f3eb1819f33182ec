import { Button, Kbd, TextInput, Tooltip } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconSearch } from '@/components/icons';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { ScanReturnedForm } from '../stages/scan-returned-form';
import { FormsExportMenu } from './tax-forms-export-menu';
import { ISSUE_SHORTCUT, SEARCH_SHORTCUT, useListShortcuts } from './use-list-shortcuts';
import classes from '../tax-forms.module.css';

/** The server ignores longer searches (the list query allows 100 characters). */
const SEARCH_MAX_LENGTH = 100;

type FormsToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  onIssue: () => void;
  /** The stage filter, beside the search. */
  filter?: ReactNode;
};

/**
 * The search box and the Issue Form button above the list, each with its keyboard shortcut: shown
 * as a key in the empty search box and in the button's tooltip, and named in `aria-keyshortcuts`.
 */
export function FormsToolbar({ search, onSearchChange, onIssue, filter }: FormsToolbarProps) {
  const { t } = useTranslation();
  const searchRef = useRef<HTMLInputElement>(null);
  useListShortcuts({ onIssue, searchRef });
  return (
    <div className={classes.toolbar}>
      <TextInput
        ref={searchRef}
        className={classes.search}
        type="search"
        aria-label={t('refundForms.search.label')}
        aria-keyshortcuts={SEARCH_SHORTCUT.aria}
        placeholder={t('refundForms.search.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        // The key makes room for the browser's own clear button once something is typed.
        rightSection={
          search ? null : (
            <Kbd className={classes.shortcutHint} aria-hidden>
              {SEARCH_SHORTCUT.shown}
            </Kbd>
          )
        }
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
      {filter}
      <FormsExportMenu />
      <ScanReturnedForm />
      <Tooltip
        label={
          <>
            {t('formList.shortcut')} <Kbd size="xs">{ISSUE_SHORTCUT.shown}</Kbd>
          </>
        }
        events={{ hover: true, focus: true, touch: false }}
        portalProps={{ target: `#${MAIN_CONTENT_ID}` }}
      >
        <Button
          size="md"
          onClick={onIssue}
          leftSection={<IconPlus size={18} aria-hidden />}
          aria-keyshortcuts={ISSUE_SHORTCUT.aria}
        >
          {t('refundForms.issueForm')}
        </Button>
      </Tooltip>
    </div>
  );
}
