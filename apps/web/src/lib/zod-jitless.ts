/**
 * Tells zod, before it loads, to check without compiling checks through eval(): the
 * Content-Security-Policy refuses eval, and zod's probe for it would report a violation on every
 * page. Its interpreted checks are as correct, and fast enough for forms. zod keeps its settings
 * in this global (zod/v4/core's `globalConfig`), so the login page need not load zod to set it.
 */
type ZodSettings = { jitless?: boolean };

const holder = globalThis as { __zod_globalConfig?: ZodSettings };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
