/**
 * Replaces every occurrence of `secret` in `text` by `[redacted]`: as it is, and as it appears
 * inside a JSON string (a server that echoes the token in a JSON body escapes `"`, `\` and `/`).
 * @internal
 */
export const redact = (text: string, secret: string | undefined): string => {
  if (!secret) return text;
  let out = text.split(secret).join('[redacted]');
  const escaped = JSON.stringify(secret).slice(1, -1);
  if (escaped !== secret) out = out.split(escaped).join('[redacted]');
  const slashed = escaped.replace(/\//g, '\\/');
  if (slashed !== escaped) out = out.split(slashed).join('[redacted]');
  return out;
};
