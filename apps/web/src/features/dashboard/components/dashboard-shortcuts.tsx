import { Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import classes from './dashboard.module.css';

type Shortcut = { to: string; title: string; description: string };

/**
 * The screens of the top bar's two menus, each with what it holds: reports on the forms issued,
 * and the shop's public face. Each is a link, so it opens in a new tab too.
 */
export function DashboardShortcuts() {
  const { t } = useTranslation();
  const groups: { title: string; items: Shortcut[] }[] = [
    {
      title: t('dashboard.reports'),
      items: [
        {
          to: '/formStats',
          title: t('pages.formStats'),
          description: t('dashboard.shortcuts.formStats'),
        },
        {
          to: '/taxformBreakdown',
          title: t('pages.taxformBreakdown'),
          description: t('dashboard.shortcuts.taxformBreakdown'),
        },
      ],
    },
    {
      title: t('dashboard.yourShop'),
      items: [
        {
          to: '/shopUpdate',
          title: t('pages.shopUpdate'),
          description: t('dashboard.shortcuts.shopUpdate'),
        },
        {
          to: '/promoList',
          title: t('pages.promotions'),
          description: t('dashboard.shortcuts.promotions'),
        },
        {
          to: '/gallery',
          title: t('pages.gallery'),
          description: t('dashboard.shortcuts.gallery'),
        },
      ],
    },
  ];

  return groups.map((group) => (
    <section key={group.title} className={classes.shortcuts} aria-label={group.title}>
      <Title order={2} size="h4" mb="sm">
        {group.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {group.items.map((item) => (
          <UnstyledButton key={item.to} component={Link} to={item.to} className={classes.shortcut}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Text fw={700} c="blue.9">
                {item.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {item.description}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  ));
}
