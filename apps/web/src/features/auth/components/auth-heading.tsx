import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
