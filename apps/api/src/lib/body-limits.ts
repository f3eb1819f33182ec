/** Largest JSON body a signed-in call takes (a form of a thousand products is about 300 KB). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Largest body a call open to anyone takes (sign-in, password reset): a few fields. Read before
 * anyone is known, so it is kept small; a larger one is answered 413 without being read.
 */
export const BODY_LIMIT_PUBLIC = 16 * 1024;
