import { Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { findCountryRules, type ShopInput, type VatNumberScheme } from '@taxfree/domain';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/hooks/use-field-error';

/** What a VAT number of each scheme looks like, said under the field. */
const VAT_HINTS = {
  'HR.oib': 'shop.legalIdentity.vatHint.oib',
  'SI.ddv': 'shop.legalIdentity.vatHint.si',
  'RS.pib': 'shop.legalIdentity.vatHint.pib',
  'BA.pdv': 'shop.legalIdentity.vatHint.ba',
} as const satisfies Record<VatNumberScheme, string>;

type LegalIdentityFieldsProps = {
  /** The company's country (ISO 3166-1 alpha-2): its rule checks the VAT number. */
  country: string;
  register: UseFormRegister<ShopInput>;
  errors: FieldErrors<ShopInput>;
};

/**
 * The company's legal name, registered address and VAT number: printed as the seller on every
 * form, shared by all its shops, and needed before any form is issued.
 */
export function LegalIdentityFields({ country, register, errors }: LegalIdentityFieldsProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const scheme = findCountryRules(country)?.vatNumber.scheme;
  return (
    <Fieldset legend={t('shop.legalIdentity.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('shop.legalIdentity.intro')}
        </Text>
        <TextInput
          label={t('shop.legalIdentity.legalName')}
          withAsterisk
          autoComplete="organization"
          error={fieldError(errors.legal_name)}
          {...register('legal_name')}
        />
        <TextInput
          label={t('shop.legalIdentity.address')}
          withAsterisk
          autoComplete="street-address"
          error={fieldError(errors.legal_address)}
          {...register('legal_address')}
        />
        <TextInput
          label={t('shop.legalIdentity.vatNumber')}
          description={scheme && t(VAT_HINTS[scheme])}
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          error={fieldError(errors.vat_number)}
          {...register('vat_number')}
        />
      </Stack>
    </Fieldset>
  );
}
