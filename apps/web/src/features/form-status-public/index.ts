export { FormStatusScreen } from './components/form-status-screen';
