import * as t from 'io-ts';
import { int64, optional } from '../common/primitives.js';

/**
 * The message of the deprecated `/v2/commands/completions` WebSocket channel: the completions of
 * the commands submitted by `userId` (the token's user when absent) acting as one of `parties`.
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const request: codecs.ledger.CompletionStreamRequest = { parties: [alice], beginExclusive: 0 };
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const CompletionStreamRequest = t.intersection(
  [
    t.type({
      parties: t.array(t.string),
    }),
    t.partial({
      userId: optional(t.string),
      beginExclusive: optional(int64),
    }),
  ],
  'CompletionStreamRequest',
);
export type CompletionStreamRequest = t.TypeOf<typeof CompletionStreamRequest>;
