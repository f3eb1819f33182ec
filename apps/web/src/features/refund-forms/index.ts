export { RefundFormsScreen } from './components/refund-forms-screen';
