/** What the login page needs, and nothing else: the entry chunk imports this, not the index. */
export { AuthLayout } from './components/auth-layout';
export { LoginScreen } from './components/login-screen';
