export { StaffScreen } from './components/staff-screen';
