export { IssueFormScreen } from './components/issue-form-screen';
export { IssueFormDrawer, type IssueFormDrawerProps } from './components/issue-form-drawer';
