import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';
import { SteppedRate } from './SteppedRate.js';

// The io-ts codec; the export wraps it with its fast guard.
const GetAmuletConfigForRoundResponseCodec = t.type(
  { amulet_create_fee: t.string, holding_fee: t.string, lock_holder_fee: t.string, transfer_fee: SteppedRate },
  'GetAmuletConfigForRoundResponse',
);
function isGetAmuletConfigForRoundResponse(u: unknown): boolean {
  return (
    isJsonObject(u) &&
    typeof u.amulet_create_fee === 'string' &&
    typeof u.holding_fee === 'string' &&
    typeof u.lock_holder_fee === 'string' &&
    SteppedRate.is(u.transfer_fee)
  );
}
/**
 * The fees of the amulet rules of one round, as decimal strings, from the deprecated `/v0/amulet-config-for-round` (upstream `GetAmuletConfigForRoundResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/amulet-config-for-round?round=88086
 * decodeWith(codecs.scan.GetAmuletConfigForRoundResponse)(await res.json());
 * // Right({ amulet_create_fee: '0.0000000000', holding_fee: '0.0001311860', lock_holder_fee: '0.0000000000', transfer_fee: { initial: '0.0000000000', steps: [] } })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetAmuletConfigForRoundResponse = withFastGuard(GetAmuletConfigForRoundResponseCodec, isGetAmuletConfigForRoundResponse);
export type GetAmuletConfigForRoundResponse = t.TypeOf<typeof GetAmuletConfigForRoundResponse>;
