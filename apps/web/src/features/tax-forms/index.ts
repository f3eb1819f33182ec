export { TaxFormsScreen } from './components/tax-forms-screen';
export { AllBranchesScreen } from './components/all-branches-screen';
