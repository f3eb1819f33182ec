export { IssueFormScreen } from './components/issue-form-screen';
