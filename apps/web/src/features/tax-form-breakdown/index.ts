export { TaxFormBreakdownScreen } from './components/tax-form-breakdown-screen';
