import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';

/**
 * The message of the `/v2/commands/command-completions` WebSocket channel: the completions of the
 * commands with at least one of `parties` among their `actAs` (all parties when empty, which
 * needs `CanReadAsAnyParty`), after `beginExclusive`.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const request: codecs.ledger.GetCompletionsRequest = { parties: [alice], beginExclusive: 0 };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetCompletionsRequest = t.partial(
  {
    parties: optional(t.array(t.string)),
    beginExclusive: optional(int64),
  },
  'GetCompletionsRequest',
);
export type GetCompletionsRequest = t.TypeOf<typeof GetCompletionsRequest>;
