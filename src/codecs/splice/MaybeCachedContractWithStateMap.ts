import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { MaybeCachedContractWithState } from './MaybeCachedContractWithState.js';

// The io-ts codec; the export wraps it with its fast guard.
const MaybeCachedContractWithStateMapCodec = t.record(t.string, MaybeCachedContractWithState, 'MaybeCachedContractWithStateMap');
function isMaybeCachedContractWithStateMap(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  for (const k in u) if (!MaybeCachedContractWithState.is(u[k])) return false;
  return true;
}
/**
 * Contract id to {@link MaybeCachedContractWithState}; an id of the request missing here was removed (upstream `MaybeCachedContractWithStateMap`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.MaybeCachedContractWithStateMap)(body.open_mining_rounds); // Either<DecodeError, MaybeCachedContractWithStateMap>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const MaybeCachedContractWithStateMap = withFastGuard(MaybeCachedContractWithStateMapCodec, isMaybeCachedContractWithStateMap);
export type MaybeCachedContractWithStateMap = t.TypeOf<typeof MaybeCachedContractWithStateMap>;
