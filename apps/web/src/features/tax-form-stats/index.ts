export { FormStatsScreen } from './components/form-stats-screen';
