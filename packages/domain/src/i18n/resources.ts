/**
 * Catalogues live in `locales/<language>/<namespace>.json`:
 * - `common`: everything the web app shows, written in two files: `start.json`, the groups the login
 *   page shows (the app's name, the language, the sign-in screens, toasts, errors, common actions),
 *   which the browser loads first, and `common.json`, the rest, which follows with the first other
 *   screen. The two never hold the same group;
 * - `validation`: the messages of the zod schemas, shared by browser and server;
 * - `server`: API messages (errors by code, successes) and e-mail texts.
 */
export const NAMESPACES = ['common', 'validation', 'server'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Every catalogue file of a language, by name (`start` is the first part of `common`). */
export const CATALOGUE_FILES = ['start', ...NAMESPACES] as const;
