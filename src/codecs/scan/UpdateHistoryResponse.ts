import * as t from 'io-ts';
import { UpdateHistoryItem } from './UpdateHistoryItem.js';

/**
 * A page of `POST /v1/updates` (upstream `UpdateHistoryResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v1/updates
 * decodeWith(codecs.scan.UpdateHistoryResponse)(await res.json()); // Either<DecodeError, UpdateHistoryResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryResponse = t.type({ transactions: t.array(UpdateHistoryItem) }, 'UpdateHistoryResponse');
export type UpdateHistoryResponse = t.TypeOf<typeof UpdateHistoryResponse>;
