import * as t from 'io-ts';
import { Contract } from '../splice/Contract.js';

/**
 * The vote requests found for the ids of `POST /v0/voterequest`; ids not found are left out (upstream `ListVoteRequestByTrackingCidResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/voterequest
 * decodeWith(codecs.scan.ListVoteRequestByTrackingCidResponse)(await res.json()); // Either<DecodeError, ListVoteRequestByTrackingCidResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ListVoteRequestByTrackingCidResponse = t.type({ vote_requests: t.array(Contract) }, 'ListVoteRequestByTrackingCidResponse');
export type ListVoteRequestByTrackingCidResponse = t.TypeOf<typeof ListVoteRequestByTrackingCidResponse>;
