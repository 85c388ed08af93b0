import * as t from 'io-ts';
import { int64 } from '../common/primitives.js';

/**
 * The answer of `GET /v2/traffic/accounts/{account-id}` (not in the published spec; from
 * `traffic_service.proto`). An unknown account has balance 0, not a 404.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /v2/traffic/accounts/{account-id}
 * decodeWith(codecs.ledger.GetAccountResponse)(await res.json()); // Right({ accountId: 'bob::1220…', balance: 900000 })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetAccountResponse = t.type(
  {
    accountId: t.string,
    balance: int64,
  },
  'GetAccountResponse',
);
export type GetAccountResponse = t.TypeOf<typeof GetAccountResponse>;
