import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { IntegrationsScreen } from './integrations-screen';

describe('IntegrationsScreen', () => {
  it("tells a clerk the tills' keys are a manager's, and shows none", async () => {
    storeTestSession({ role: 'clerk', userId: '4' });
    renderWithProviders(<IntegrationsScreen />, { route: '/integrations' });
    expect(await screen.findByText('For managers only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New key' })).toBeNull();
  });
});
