import type { PromotionInput, PromotionValues } from '@taxfree/domain';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { joinList, SearchableMultiSelect, splitList } from '@/components/searchable-multi-select';
import { useFieldError } from '@/hooks/use-field-error';
import { useLanguage } from '@/hooks/use-language';
import { useSession } from '@/hooks/use-session';
import { useCountries, usePromotionCategories } from '../api/promotions';

type PromotionAudienceFieldsProps = { control: Control<PromotionInput, unknown, PromotionValues> };

/**
 * Whom a promotion is for: Shopping Behavior (the company's promotion categories) and Targeted
 * Nationality (countries by ISO3), both kept as comma-joined lists (SPEC 3).
 */
export function PromotionAudienceFields({ control }: PromotionAudienceFieldsProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const fieldError = useFieldError();
  const session = useSession();
  const categories = usePromotionCategories(session?.companyId, language);
  const countries = useCountries(session, language);

  const categoryOptions = (categories.data ?? []).map(({ value, label }) => ({ value, label }));
  const countryOptions = (countries.data ?? []).map((country) => ({
    value: country.ISO3,
    label: country.text,
  }));

  return (
    <>
      <Controller
        control={control}
        name="shopping_behavior"
        render={({ field, fieldState }) => (
          <SearchableMultiSelect
            label={t('promotions.fields.shoppingBehavior')}
            placeholder={t('promotions.fields.choose')}
            data={categoryOptions}
            isLoading={categories.isPending}
            isError={categories.isError}
            value={splitList(field.value)}
            onChange={(values) => field.onChange(joinList(values))}
            onBlur={field.onBlur}
            error={fieldError(fieldState.error)}
          />
        )}
      />
      <Controller
        control={control}
        name="targeted_nationality"
        render={({ field, fieldState }) => (
          <SearchableMultiSelect
            label={t('promotions.fields.targetedNationality')}
            placeholder={t('promotions.fields.choose')}
            data={countryOptions}
            isLoading={countries.isPending}
            isError={countries.isError}
            value={splitList(field.value)}
            onChange={(values) => field.onChange(joinList(values))}
            onBlur={field.onBlur}
            error={fieldError(fieldState.error)}
          />
        )}
      />
    </>
  );
}
