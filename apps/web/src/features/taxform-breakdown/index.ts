export { TaxformBreakdownScreen } from './components/taxform-breakdown-screen';
