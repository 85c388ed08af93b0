import * as t from 'io-ts';
import { optional } from '../common/primitives.js';
import { Contract } from './Contract.js';

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
export const MaybeCachedContractWithState = t.partial({ contract: optional(Contract), domain_id: optional(t.string) }, 'MaybeCachedContractWithState');
export type MaybeCachedContractWithState = t.TypeOf<typeof MaybeCachedContractWithState>;
