import * as t from 'io-ts';
import { MaybeCachedContractWithState } from './MaybeCachedContractWithState.js';

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
export const MaybeCachedContractWithStateMap = t.record(t.string, MaybeCachedContractWithState, 'MaybeCachedContractWithStateMap');
export type MaybeCachedContractWithStateMap = t.TypeOf<typeof MaybeCachedContractWithStateMap>;
