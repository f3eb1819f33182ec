import type { ReactNode } from 'react';
import { Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';

/** The signed-out screens: a centred card, the language choice, and the "Powered by" footer. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Container component="header" size="md" py="md">
        <Group justify="space-between">
          <Text component="span" fw={700} size="lg" c="blue.9">
            {t('app.name')}
          </Text>
          <LanguageSelect />
        </Group>
      </Container>
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size={460} py="xl">
        <Paper withBorder shadow="sm" radius="md" p="lg">
          {children}
        </Paper>
      </Container>
      <Container component="footer" size="md" py="lg">
        <Text size="sm" c="dimmed" ta="center">
          {t('app.poweredBy')}
        </Text>
      </Container>
    </>
  );
}
