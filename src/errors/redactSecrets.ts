/** What a secret is replaced by. */
const REDACTED = '[redacted]';

/** RFC 6750's b64token, with `\/` (a slash as JSON may escape it). */
const TOKEN = String.raw`(?:[A-Za-z0-9\-._~+/]|\\/)`;

/**
 * A bearer credential, known or not: `Bearer <token>` of 8 characters or more (so that prose such
 * as "Bearer token" or a `Bearer realm=` challenge stays), or of any length where an excerpt was
 * cut (`…`) right after it; a WebSocket's `jwt.token.<token>` sub-protocol; and anything shaped
 * like a JWT, whole or cut (`eyJ` is the base64 of `{"`, how every JWT header starts).
 */
const SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(String.raw`\b(Bearer)(\s+|%20)(?:${TOKEN}{8,}=*|${TOKEN}+=*(?=…))`, 'gi'), `$1$2${REDACTED}`],
  [new RegExp(String.raw`\bjwt\.token\.${TOKEN}+=*`, 'g'), `jwt.token.${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{2,}(?:\.[A-Za-z0-9_-]*){0,2}/g, REDACTED],
];

/** A cut excerpt ends with this (renderActual, formatError). */
const CUT = '…';

/** The shortest start of a known secret taken for it at the end of a cut excerpt. */
const MIN_CUT_PREFIX = 4;

/** Every occurrence of `secret`, as it is and as it appears inside a JSON string (`"`, `\` and `/` escaped). */
const redactKnown = (text: string, secret: string): string => {
  let out = text.split(secret).join(REDACTED);
  const escaped = JSON.stringify(secret).slice(1, -1);
  if (escaped !== secret) out = out.split(escaped).join(REDACTED);
  const slashed = escaped.replace(/\//g, '\\/');
  if (slashed !== escaped) out = out.split(slashed).join(REDACTED);
  return out;
};

/** An excerpt cut in the middle of a known secret ends with its start: that start goes too. */
const redactCutStart = (text: string, secret: string): string => {
  if (!text.endsWith(CUT)) return text;
  const body = text.slice(0, -CUT.length);
  for (let n = Math.min(secret.length - 1, body.length); n >= MIN_CUT_PREFIX; n--) {
    if (body.endsWith(secret.slice(0, n))) return `${body.slice(0, -n)}${REDACTED}${CUT}`;
  }
  return text;
};

/**
 * Removes secrets from a text bound for an error, a message or a log line: every `known` secret
 * (the tokens a client has sent or been given, raw, JSON-escaped, or cut at the end of an
 * excerpt), and whatever is shaped like one whoever's it is: `Bearer <token>`,
 * `jwt.token.<token>`, and a JWT, whole or cut short. JSON stays JSON: only characters inside
 * strings are replaced.
 * @example
 * ```ts
 * redactSecrets('<html>you sent Bearer opaque-secret-token-XYZ123</html>'); // '<html>you sent Bearer [redacted]</html>'
 * redactSecrets('cannot refresh tok-41', ['tok-41']); // 'cannot refresh [redacted]'
 * ```
 * @internal
 */
export const redactSecrets = (text: string, known: Iterable<string | undefined> = []): string => {
  let out = text;
  for (const secret of known) {
    if (secret === undefined || secret === '') continue;
    out = redactCutStart(redactKnown(out, secret), secret);
  }
  for (const [shape, by] of SHAPES) out = out.replace(shape, by);
  return out;
};
