import * as t from 'io-ts';

/**
 * A string enum that keeps values it does not know: a newer server's value decodes as the string
 * it is, so that one new enum value does not make a whole page fail. The known values stay in the
 * type for completion; anything else is still a string.
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
export const openEnum = <K extends string>(name: string, known: ReadonlyArray<K>): t.Type<K | (string & {}), string, unknown> =>
  new t.Type<K | (string & {}), string, unknown>(
    `${name} (${known.map((k) => JSON.stringify(k)).join(' | ')} | string)`,
    (u): u is K | (string & {}) => typeof u === 'string',
    (u, c) => (typeof u === 'string' ? t.success(u) : t.failure(u, c)),
    t.identity,
  );
