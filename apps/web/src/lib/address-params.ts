/**
 * The names the app's addresses give their panels and forms in the query (`?form=12&panel=edit`,
 * `?panel=issue`, `?highlight=123`): one place for the screens that read them and the branch
 * switch that lets them go.
 */

/** The side panel open over a screen. */
export const PANEL_PARAM = 'panel';
/** The listed form a panel shows. */
export const FORM_PARAM = 'form';
/** The form just issued, marked in the list. */
export const HIGHLIGHT_PARAM = 'highlight';
