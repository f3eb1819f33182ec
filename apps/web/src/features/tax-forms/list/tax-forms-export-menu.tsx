import { ExportMenu } from '@/components/export-menu';
import { useSession } from '@/hooks/use-session';
import { branchPath } from '@/lib/company-data';
import { useSearchParams } from '@/lib/hash-location';
import { readStage, SEARCH_PARAM } from './use-list-filters';

/**
 * The list's Export: the file holds every form the list shows, under the search and the stage
 * filter the URL keeps (the list reads the same), not only the pages scrolled to.
 */
export function FormsExportMenu() {
  const session = useSession();
  const params = useSearchParams();
  if (!session?.companyId || !session.branchId) return null;
  const search = params.get(SEARCH_PARAM)?.trim() || undefined;
  return (
    <ExportMenu
      path={`${branchPath(session)}/taxforms/export`}
      query={{ search, stage: readStage(params) }}
      fallbackName="tax-forms"
      size="md"
    />
  );
}
