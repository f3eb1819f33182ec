export { useChangePassword } from './api/change-password';
export { AuthLayout } from './components/auth-layout';
export { CHANGE_PASSWORD_FIELDS, ChangePasswordForm } from './components/change-password-form';
export { ChangePasswordScreen } from './components/change-password-screen';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { LoginScreen } from './components/login-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
