import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';

/**
 * The number of vote results matching the filters (upstream `CountVoteResultsResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/admin/sv/voteresults/count
 * decodeWith(codecs.scan.CountVoteResultsResponse)(await res.json()); // Right({ count: 12 })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const CountVoteResultsResponse = t.type({ count: int64 }, 'CountVoteResultsResponse');
export type CountVoteResultsResponse = t.TypeOf<typeof CountVoteResultsResponse>;
