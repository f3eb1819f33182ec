/** A refusal the operator can act on; its message is printed as is, exit code 1. */
export class CommandError extends Error {}
