import * as t from 'io-ts';
import { optional, withFastGuard, isJsonObject } from '../common/primitives.js';
import { Contract } from './Contract.js';

// The io-ts codec; the export wraps it with its fast guard.
const MaybeCachedContractWithStateCodec = t.partial({ contract: optional(Contract), domain_id: optional(t.string) }, 'MaybeCachedContractWithState');
function isMaybeCachedContractWithState(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.domain_id;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.contract;
  return x === undefined || x === null || Contract.is(x);
}
/**
 * A contract the caller may have cached already: no `contract` means "yours is current" (upstream `MaybeCachedContractWithState`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.MaybeCachedContractWithState)({ domain_id: 'global-domain::1220b1…' }); // Right: the cached contract is current
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const MaybeCachedContractWithState = withFastGuard(MaybeCachedContractWithStateCodec, isMaybeCachedContractWithState);
export type MaybeCachedContractWithState = t.TypeOf<typeof MaybeCachedContractWithState>;
