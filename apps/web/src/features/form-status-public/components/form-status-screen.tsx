import { Stack, Text, Title } from '@mantine/core';
import type { PublicFormStatus } from '@taxfree/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handler';
import { navigate, useSearchParams } from '@/lib/hash-location';
import { useFormStatusLookup, type FormStatusLookup } from '../api/form-status';
import { FormStatusLookupForm } from './form-status-lookup-form';
import { FormStatusResult } from './form-status-result';
import { useLinkLanguage } from '@/hooks/use-link-language';

/** Why a lookup failed, in the page's language: no such form, too many tries, or else. */
function LookupError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === 'STATUS_NOT_FOUND') {
    return <FormAlert>{t('publicStatus.notFound')}</FormAlert>;
  }
  if (isApiError(error) && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return <FormAlert>{t('publicStatus.throttled', { minutes })}</FormAlert>;
  }
  return <FormAlert title={t('publicStatus.failed')}>{errorMessage(error)}</FormAlert>;
}

/**
 * The public status page (`/#/status`): a traveller enters the form number and the code printed
 * on the form, or opens the e-mail's link that carries both (and the e-mail's language), and sees
 * where the form stands.
 */
export function FormStatusScreen() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const fromLink = { barcode: params.get('barcode') ?? '', code: params.get('code') ?? '' };
  const isInLanguage = useLinkLanguage();
  const lookup = useFormStatusLookup();
  const [status, setStatus] = useState<PublicFormStatus | null>(null);
  const [formKey, setFormKey] = useState(0);
  const hasLookedUp = useRef(false);

  const find = (values: FormStatusLookup) => {
    setStatus(null);
    lookup.mutate(values, { onSuccess: setStatus });
  };

  // The e-mail's link carries both: look the form up at once, once (every lookup is counted),
  // in the page's language, so that the server answers in it too.
  useEffect(() => {
    if (!isInLanguage || hasLookedUp.current || !fromLink.barcode || !fromLink.code) return;
    hasLookedUp.current = true;
    find(fromLink);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the link the page opened with
  }, [isInLanguage]);

  if (!isInLanguage) return <PageLoader />;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('publicStatus.title')}
        </Title>
        {!status && (
          <Text size="sm" c="dimmed">
            {t('publicStatus.subtitle')}
          </Text>
        )}
      </Stack>
      {lookup.isError && <LookupError error={lookup.error} />}
      {status ? (
        <FormStatusResult
          status={status}
          onAnother={() => {
            setStatus(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <FormStatusLookupForm
          key={formKey}
          initial={fromLink}
          isSubmitting={lookup.isPending}
          onSubmit={(values) => {
            navigate(`?${new URLSearchParams(values)}`, { replace: true });
            find(values);
          }}
        />
      )}
    </Stack>
  );
}
