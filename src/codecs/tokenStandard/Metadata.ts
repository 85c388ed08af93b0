import * as t from 'io-ts';

/**
 * The token standard's `Metadata` (`splice-api-token-metadata-v1`): a `TextMap Text`, written as
 * a JSON object. Its keys are DNS-prefixed (`splice.lfdecentralizedtrust.org/reason`); registries
 * add keys as they please, so every key is kept.
 * @example
 * ```ts
 * import { decodeWith, tokenStandard } from 'canton-rx';
 * decodeWith(tokenStandard.Metadata)({ values: { 'splice.lfdecentralizedtrust.org/reason': 'rent' } }); // Right
 * ```
 * @category Codecs
 * @since 0.4.0
 */
export const Metadata = t.type({ values: t.record(t.string, t.string) }, 'Metadata');
export type Metadata = t.TypeOf<typeof Metadata>;
