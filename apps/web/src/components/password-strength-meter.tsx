import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePasswordStrength } from '@/hooks/use-password-strength';

const LEVELS = ['weak', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = { weak: 'red', fair: 'orange', good: 'teal', strong: 'green' } as const;

type PasswordStrengthMeterProps = {
  password: string;
  /** The user's own words (name, username, account number, e-mail): weak in a password. */
  userInputs: readonly string[];
  /** The field already says why the password is refused: the meter gives its level alone. */
  isRefused?: boolean;
};

/** How hard the password typed is to guess, and why it is weak, as the user types. */
export function PasswordStrengthMeter({
  password,
  userInputs,
  isRefused = false,
}: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  const strength = usePasswordStrength(password, userInputs);
  if (!strength) return null;
  const level = LEVELS[strength.score] ?? 'weak';
  return (
    <Stack gap={4} aria-live="polite">
      <Progress
        value={(strength.score + 1) * 20}
        color={COLORS[level]}
        size="sm"
        aria-label={t('passwordStrength.label')}
      />
      <Text size="xs" c={strength.isStrongEnough ? 'dimmed' : 'red.8'}>
        {t(`passwordStrength.${level}`)}
        {strength.weakness && !isRefused && `: ${t(strength.weakness, { ns: 'validation' })}`}
      </Text>
    </Stack>
  );
}
