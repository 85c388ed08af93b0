import { redactSecrets } from '../errors/redactSecrets.js';

/**
 * Replaces every occurrence of `secret` in `text` by `[redacted]` (as it is, and as it appears
 * inside a JSON string: a server that echoes the token in a JSON body escapes `"`, `\` and `/`),
 * and whatever is shaped like a bearer token or a JWT (see `redactSecrets`).
 * @internal
 */
export const redact = (text: string, secret: string | undefined): string => redactSecrets(text, [secret]);
