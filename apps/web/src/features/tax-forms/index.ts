/**
 * The branch's tax forms, one folder per task; a folder imports only the folders above it here.
 * - `api/`: the calls to the server and the queries over them.
 * - `form/`: one form as every screen shows it: its stage badge, the step it may take next, its
 *   summary, and the side panel the URL opens on it.
 * - `status/`: the Form Status panel: the stages reached, the export window, the audit trail.
 * - `stages/`: recording a stage after the counter (validation, receipt, refund), and finding a
 *   returned form by its barcode.
 * - `actions/`: a row's Action menu, Cancel Form, Send to traveller and Print.
 * - `list/`: the branch's list: table and phone cards, toolbar, filters, shortcuts, export, and
 *   the panels it opens.
 * - `all-branches/`: the company's forms across its branches.
 */
export { TaxFormsScreen } from './list/tax-forms-screen';
export { AllBranchesScreen } from './all-branches/all-branches-screen';
