import * as t from 'io-ts';
import { acceptsUnknown } from './openMembers.js';

/**
 * A string enum that keeps values it does not know: a newer server's value decodes as the string
 * it is, so that one new enum value does not make a whole page fail. The known values stay in the
 * type for completion; anything else is still a string. Inside `strictDecoding` (the client's
 * `strict` option) only the known values pass.
 *
 * @example
 * ```ts
 * const Shape = openEnum('Shape', ['ACS_DELTA', 'LEDGER_EFFECTS'] as const);
 * Shape.decode('LEDGER_EFFECTS'); // Right('LEDGER_EFFECTS')
 * Shape.decode('NEW_SHAPE'); // Right('NEW_SHAPE')
 * Shape.decode(3); // Left
 * ```
 * @internal
 */
export const openEnum = <K extends string>(name: string, known: ReadonlyArray<K>): t.Type<K | (string & {}), string, unknown> => {
  const values = new Set<string>(known);
  const is = (u: unknown): u is K | (string & {}) => typeof u === 'string' && (acceptsUnknown() || values.has(u));
  return new t.Type<K | (string & {}), string, unknown>(
    `${name} (${known.map((k) => JSON.stringify(k)).join(' | ')} | string)`,
    is,
    (u, c) => (is(u) ? t.success(u) : t.failure(u, c, typeof u === 'string' ? `unknown ${name} value (strict)` : undefined)),
    t.identity,
  );
};
