import * as t from 'io-ts';

/**
 * The payload-less variant `{}` of a `JsContractEntry`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsContractEntry)({ JsEmpty: {} }); // Right({ JsEmpty: {} })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsEmpty = t.type({}, 'JsEmpty');
export type JsEmpty = t.TypeOf<typeof JsEmpty>;
