import { Radio, Stack, Text } from '@mantine/core';
// The Staff screen alone has radio buttons: their styles come with it, not with every screen.
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { PASSWORD_SETUPS, type PasswordSetup } from '@taxfree/domain';
import {
  Controller,
  useFormState,
  useWatch,
  type Control,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { useFieldError } from '@/hooks/use-field-error';
import type { NewUserFormValues } from '../model/new-user-form';

const SETUP_LABELS = {
  first_password: 'staff.fields.setupFirstPassword',
  email_link: 'staff.fields.setupEmailLink',
} as const satisfies Record<PasswordSetup, string>;

type PasswordSetupFieldsProps = {
  control: Control<NewUserFormValues>;
  register: UseFormRegister<NewUserFormValues>;
};

/**
 * How a new user gets its password: a first password the manager types (with how hard it is to
 * guess), or a link e-mailed to the user's address to set one.
 */
export function PasswordSetupFields({ control, register }: PasswordSetupFieldsProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { errors } = useFormState({ control, name: 'password' });
  const [setup, password, name, username, email] = useWatch({
    control,
    name: ['password_setup', 'password', 'name', 'username', 'email'],
  });

  return (
    <>
      <Controller
        control={control}
        name="password_setup"
        render={({ field, fieldState }) => (
          <Radio.Group
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            label={t('staff.fields.passwordSetup')}
            required
            error={fieldError(fieldState.error)}
          >
            <Stack gap="xs" mt="xs">
              {PASSWORD_SETUPS.map((option) => (
                <Radio key={option} value={option} label={t(SETUP_LABELS[option])} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {setup === 'first_password' ? (
        <>
          <PasswordField
            label={t('staff.fields.firstPassword')}
            description={t('staff.fields.firstPasswordHint')}
            required
            autoComplete="new-password"
            error={fieldError(errors.password)}
            {...register('password')}
          />
          <PasswordStrengthMeter
            password={password}
            userInputs={[name, username, email]}
            isRefused={Boolean(errors.password)}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('staff.fields.emailLinkHint')}
        </Text>
      )}
    </>
  );
}
