import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { UpdateHistoryItem } from './UpdateHistoryItem.js';

// The io-ts codec; the export wraps it with its fast guard.
const UpdateHistoryResponseCodec = t.type({ transactions: t.array(UpdateHistoryItem) }, 'UpdateHistoryResponse');
function isUpdateHistoryResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const items = u.transactions;
  if (!Array.isArray(items)) return false;
  for (let i = 0; i < items.length; i++) if (!UpdateHistoryItem.is(items[i])) return false;
  return true;
}
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
export const UpdateHistoryResponse = withFastGuard(UpdateHistoryResponseCodec, isUpdateHistoryResponse);
export type UpdateHistoryResponse = t.TypeOf<typeof UpdateHistoryResponse>;
