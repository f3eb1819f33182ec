export { AuthLayout } from './components/auth-layout';
export { ChangePasswordScreen } from './components/change-password-screen';
export { ForgotPasswordScreen } from './components/forgot-password-screen';
export { LoginScreen } from './components/login-screen';
export { ResetPasswordScreen } from './components/reset-password-screen';
