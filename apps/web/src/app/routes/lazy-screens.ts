import { lazy, type ComponentType } from 'react';

/**
 * Every screen is its own chunk, loaded when its route is first visited: the login screen never
 * pulls in the code of the screens behind it.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const auth = () => import('@/features/auth');
export const AuthLayout = lazyNamed(auth, 'AuthLayout');
export const LoginScreen = lazyNamed(auth, 'LoginScreen');
export const ChangePasswordScreen = lazyNamed(auth, 'ChangePasswordScreen');
export const ForgotPasswordScreen = lazyNamed(auth, 'ForgotPasswordScreen');
export const ResetPasswordScreen = lazyNamed(auth, 'ResetPasswordScreen');

export const ShellLayout = lazyNamed(() => import('@/features/shell'), 'ShellLayout');

export const DashboardScreen = lazyNamed(() => import('@/features/dashboard'), 'DashboardScreen');
export const RefundFormsScreen = lazyNamed(
  () => import('@/features/refund-forms'),
  'RefundFormsScreen',
);
export const ProfileScreen = lazyNamed(() => import('@/features/profile'), 'ProfileScreen');
export const FormStatsScreen = lazyNamed(() => import('@/features/form-stats'), 'FormStatsScreen');
export const PromotionsScreen = lazyNamed(
  () => import('@/features/promotions'),
  'PromotionsScreen',
);
export const ShopUpdateScreen = lazyNamed(() => import('@/features/shop'), 'ShopUpdateScreen');
export const GalleryScreen = lazyNamed(() => import('@/features/gallery'), 'GalleryScreen');
export const IssueFormScreen = lazyNamed(() => import('@/features/issue-form'), 'IssueFormScreen');
export const TaxformBreakdownScreen = lazyNamed(
  () => import('@/features/taxform-breakdown'),
  'TaxformBreakdownScreen',
);
