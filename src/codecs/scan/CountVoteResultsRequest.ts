import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

/**
 * The filters of `POST /v0/admin/sv/voteresults/count`, all optional and camelCase (upstream `CountVoteResultsRequest`).
 * @example
 * ```ts
 * import { codecs } from 'canton-rx';
 * const body: codecs.scan.CountVoteResultsRequest = { actionName: 'SRARC_OffboardSv', accepted: true, effectiveFrom: '2025-01-01T00:00:00Z' };
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CountVoteResultsRequest = t.partial(
  {
    /** Substring match. */
    actionName: optional(t.string),
    accepted: optional(t.boolean),
    /** Substring match. */
    requester: optional(t.string),
    /** Compared as text with the vote's effective time (no `format` in the spec): use ISO-8601 UTC. */
    effectiveFrom: optional(t.string),
    /** Compared as text with the vote's effective time (no `format` in the spec): use ISO-8601 UTC. */
    effectiveTo: optional(t.string),
  },
  'CountVoteResultsRequest',
);
export type CountVoteResultsRequest = t.TypeOf<typeof CountVoteResultsRequest>;
