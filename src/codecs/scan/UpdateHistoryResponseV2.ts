import * as t from 'io-ts';
import { UpdateHistoryItemV2 } from './UpdateHistoryItemV2.js';

/**
 * A page of `POST /v2/updates` (upstream `UpdateHistoryResponseV2`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v2/updates
 * decodeWith(codecs.scan.UpdateHistoryResponseV2)(await res.json()); // Either<DecodeError, UpdateHistoryResponseV2>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const UpdateHistoryResponseV2 = t.type({ transactions: t.array(UpdateHistoryItemV2) }, 'UpdateHistoryResponseV2');
export type UpdateHistoryResponseV2 = t.TypeOf<typeof UpdateHistoryResponseV2>;
