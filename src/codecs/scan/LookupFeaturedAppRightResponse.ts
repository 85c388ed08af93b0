import * as t from 'io-ts';
import { optional } from '../common/primitives.js';
import { Contract } from '../splice/Contract.js';

/**
 * A provider's `Splice.Amulet:FeaturedAppRight`, absent or `null` when it has none (upstream `LookupFeaturedAppRightResponse`, scan.yaml).
 * @category Codecs
 * @since 0.1.0
 */
export const LookupFeaturedAppRightResponse = t.partial({ featured_app_right: optional(Contract) }, 'LookupFeaturedAppRightResponse');
export type LookupFeaturedAppRightResponse = t.TypeOf<typeof LookupFeaturedAppRightResponse>;
