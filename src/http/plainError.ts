/** A plain, redacted copy of a thrown value: what can be logged of it, nothing more. @internal */
export interface PlainError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly cause?: PlainError;
}

/** Causes nest (undici's `fetch failed` wraps the socket error); a few levels say enough. */
const MAX_DEPTH = 3;

/**
 * Copies what a transport or a token provider threw as a plain `{name, message, code?, cause?}`,
 * every string passed through `clean` (which redacts the secrets), so that it can be kept in a
 * Left and logged: never the object itself, which may hold the request, its headers or a stack
 * quoting them.
 * @internal
 */
export const plainError = (error: unknown, clean: (text: string) => string, depth = 0): PlainError => {
  const e = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } | null | undefined;
  const isObject = typeof e === 'object' && e !== null;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? clean(value) : typeof value === 'number' ? String(value) : undefined);
  const out: { -readonly [K in keyof PlainError]: PlainError[K] } = {
    name: (isObject && text(e.name)) || 'Error',
    message: isObject ? text(e.message) ?? '' : clean(String(error)),
  };
  const code = isObject ? text(e.code) : undefined;
  if (code !== undefined) out.code = code;
  if (isObject && e.cause !== undefined && e.cause !== null && depth + 1 < MAX_DEPTH) out.cause = plainError(e.cause, clean, depth + 1);
  return out;
};
