export { TaxFormsScreen } from './components/tax-forms-screen';
