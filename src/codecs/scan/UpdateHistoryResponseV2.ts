import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { UpdateHistoryItemV2 } from './UpdateHistoryItemV2.js';

// The io-ts codec; the export wraps it with its fast guard.
const UpdateHistoryResponseV2Codec = t.type({ transactions: t.array(UpdateHistoryItemV2) }, 'UpdateHistoryResponseV2');
function isUpdateHistoryResponseV2(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const items = u.transactions;
  if (!Array.isArray(items)) return false;
  for (let i = 0; i < items.length; i++) if (!UpdateHistoryItemV2.is(items[i])) return false;
  return true;
}
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
export const UpdateHistoryResponseV2 = withFastGuard(UpdateHistoryResponseV2Codec, isUpdateHistoryResponseV2);
export type UpdateHistoryResponseV2 = t.TypeOf<typeof UpdateHistoryResponseV2>;
