/** Below this width (Mantine's `md`) a list of forms shows cards instead of a table. */
export const NARROW_QUERY = '(max-width: 61.99em)';
