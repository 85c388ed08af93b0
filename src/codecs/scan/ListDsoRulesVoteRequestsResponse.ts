import * as t from 'io-ts';
import { Contract } from '../splice/Contract.js';

/**
 * All active vote requests, from `GET /v0/admin/sv/voterequests` (upstream `ListDsoRulesVoteRequestsResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/admin/sv/voterequests
 * decodeWith(codecs.scan.ListDsoRulesVoteRequestsResponse)(await res.json()); // Either<DecodeError, ListDsoRulesVoteRequestsResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ListDsoRulesVoteRequestsResponse = t.type({ dso_rules_vote_requests: t.array(Contract) }, 'ListDsoRulesVoteRequestsResponse');
export type ListDsoRulesVoteRequestsResponse = t.TypeOf<typeof ListDsoRulesVoteRequestsResponse>;
