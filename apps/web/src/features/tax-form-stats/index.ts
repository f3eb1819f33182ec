export { TaxFormStatsScreen } from './components/tax-form-stats-screen';
