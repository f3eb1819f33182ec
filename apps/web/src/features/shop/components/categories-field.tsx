import { Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { joinList, SearchableMultiSelect, splitList } from '@/components/searchable-multi-select';
import { useProductCategories } from '../api/shop';

type CategoriesFieldProps = {
  companyId: string;
  /** The chosen category ids, comma-joined as the API keeps them. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
};

/**
 * Product categories (SPEC 2): several of `GET …/products`, offered as soon as they arrive; until
 * then the box waits with a loader, so the saved choices show with their names, not bare ids.
 */
export function CategoriesField({
  companyId,
  value,
  onChange,
  onBlur,
  error,
}: CategoriesFieldProps) {
  const { t } = useTranslation();
  const categories = useProductCategories(companyId);
  const { data } = categories;

  // A category no longer offered cannot stay chosen (the server would refuse the update).
  useEffect(() => {
    if (!data) return;
    const offered = new Set(data.map((category) => String(category.category_id)));
    const chosen = splitList(value);
    const kept = chosen.filter((id) => offered.has(id));
    if (kept.length < chosen.length) onChange(joinList(kept));
  }, [data, value, onChange]);

  const options = (data ?? []).map((category) => ({
    value: String(category.category_id),
    label: category.name,
  }));

  return (
    <SearchableMultiSelect
      size="md"
      label={t('shop.categories')}
      placeholder={t('shop.categoriesPlaceholder')}
      data={options}
      isLoading={categories.isPending}
      isError={categories.isError}
      disabled={categories.isPending}
      rightSection={
        categories.isPending ? (
          <Loader size="xs" role="status" aria-label={t('app.loading')} />
        ) : undefined
      }
      value={splitList(value)}
      onChange={(values) => onChange(joinList(values))}
      onBlur={onBlur}
      error={error}
      clearable
    />
  );
}
