import { lazy, type ComponentType, type ReactNode } from 'react';
import { loadWholeCatalogues } from '@/lib/i18n';

/**
 * Every screen but the login is its own chunk, loaded when its route is first visited, with the
 * catalogues past the login page's: the login page never pulls in their code (nor the schema
 * library the password screens check with) nor their texts.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadWholeCatalogues()]);
    return { default: module[name] as ComponentType<{ children?: ReactNode }> };
  });
}

export { AuthLayout, LoginScreen } from '@/features/auth/login';

export const ChangePasswordScreen = lazyNamed(
  () => import('@/features/auth'),
  'ChangePasswordScreen',
);
export const ForgotPasswordScreen = lazyNamed(
  () => import('@/features/auth'),
  'ForgotPasswordScreen',
);
export const ResetPasswordScreen = lazyNamed(
  () => import('@/features/auth'),
  'ResetPasswordScreen',
);
/** The public status page: a traveller follows a form without signing in. */
export const FormStatusScreen = lazyNamed(
  () => import('@/features/form-status-public'),
  'FormStatusScreen',
);

export const ShellLayout = lazyNamed(() => import('@/features/shell'), 'ShellLayout');

export const DashboardScreen = lazyNamed(() => import('@/features/dashboard'), 'DashboardScreen');
export const TaxFormsScreen = lazyNamed(() => import('@/features/tax-forms'), 'TaxFormsScreen');
/** A manager's list of the forms of every branch. */
export const AllBranchesScreen = lazyNamed(
  () => import('@/features/tax-forms'),
  'AllBranchesScreen',
);
export const ProfileScreen = lazyNamed(() => import('@/features/profile'), 'ProfileScreen');
export const TaxFormStatsScreen = lazyNamed(
  () => import('@/features/tax-form-stats'),
  'TaxFormStatsScreen',
);
export const PromotionsScreen = lazyNamed(
  () => import('@/features/promotions'),
  'PromotionsScreen',
);
export const ShopUpdateScreen = lazyNamed(() => import('@/features/shop'), 'ShopUpdateScreen');
export const GalleryScreen = lazyNamed(() => import('@/features/gallery'), 'GalleryScreen');
export const StaffScreen = lazyNamed(() => import('@/features/staff'), 'StaffScreen');
export const IntegrationsScreen = lazyNamed(
  () => import('@/features/integrations'),
  'IntegrationsScreen',
);
export const IssueFormScreen = lazyNamed(() => import('@/features/issue-form'), 'IssueFormScreen');
export const TaxFormBreakdownScreen = lazyNamed(
  () => import('@/features/tax-form-breakdown'),
  'TaxFormBreakdownScreen',
);

/** The Issue / Update drawer, composed over the refund form list (see tax-forms-route.tsx). */
export const loadIssueForm = () => import('@/features/issue-form');
export const IssueFormDrawer = lazy(async () => ({
  default: (await loadIssueForm()).IssueFormDrawer,
}));
