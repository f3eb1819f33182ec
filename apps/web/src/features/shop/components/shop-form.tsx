import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { shopInputSchemaFor, type Shop, type ShopDetail, type ShopInput } from '@taxfree/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '@/components/image-upload';
import { useFieldError } from '@/hooks/use-field-error';
import { applyFieldErrors } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import type { Session } from '@/lib/session';
import { DUMMY_IMAGES } from '@/lib/shop-images';
import { useUpdateShop } from '../api/shop';
import { reportShopError } from '../model/shop-errors';
import { completeWebsite, SHOP_FIELDS, shopFormValues } from '../model/shop-form-values';
import { CategoriesField } from './categories-field';
import { LegalIdentityFields } from './legal-identity-fields';
import { LocationField } from './location-field';

type ShopFormProps = { session: Session; shop: ShopDetail; onSaved: () => void };

/**
 * Logo, name, website, description, product categories and location (SPEC 2, 5), and the
 * company's legal identity, checked with the schema the server uses (the VAT number by the rule of
 * the company's country); the categories and the location are kept as the API keeps them
 * (comma-joined ids, JSON text).
 */
export function ShopForm({ session, shop, onSaved }: ShopFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateShop(session);
  const [isUploading, setIsUploading] = useState(false);
  const schema = useMemo(() => shopInputSchemaFor(session.country), [session.country]);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<
    ShopInput,
    unknown,
    Shop
  >({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: shopFormValues(shop),
  });
  const { errors } = formState;
  const website = register('website');

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || t('success.shopSaved', { ns: 'server' }));
        onSaved();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, SHOP_FIELDS);
        reportShopError(error);
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <ImageUpload
              label={t('shop.logo')}
              alt={t('shop.logoAlt')}
              placeholder={DUMMY_IMAGES.logo}
              emptyValue=""
              value={field.value}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
              onUploadingChange={setIsUploading}
            />
          )}
        />
        <TextInput
          label={t('shop.name')}
          withAsterisk
          autoComplete="organization"
          error={fieldError(errors.branch_name)}
          {...register('branch_name')}
        />
        <TextInput
          label={t('shop.website')}
          type="url"
          placeholder={t('shop.websitePlaceholder')}
          autoComplete="url"
          error={fieldError(errors.website)}
          {...website}
          onBlur={(event) => {
            const completed = completeWebsite(event.currentTarget.value);
            if (completed) setValue('website', completed, { shouldValidate: true });
            void website.onBlur(event);
          }}
        />
        <Textarea
          size="md"
          label={t('shop.description')}
          autosize
          minRows={3}
          maxRows={8}
          error={fieldError(errors.description)}
          {...register('description')}
        />
        <Controller
          control={control}
          name="product_category"
          render={({ field, fieldState }) => (
            <CategoriesField
              companyId={session.companyId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name="location"
          render={({ field, fieldState }) => (
            <LocationField
              value={field.value}
              onChange={field.onChange}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <LegalIdentityFields country={session.country} register={register} errors={errors} />
        <Button type="submit" loading={update.isPending} disabled={isUploading}>
          {t('shop.update')}
        </Button>
      </Stack>
    </form>
  );
}
