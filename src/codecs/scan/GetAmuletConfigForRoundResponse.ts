import * as t from 'io-ts';
import { SteppedRate } from './SteppedRate.js';

/**
 * The fees of the amulet rules of one round, as decimal strings, from the deprecated `/v0/amulet-config-for-round` (upstream `GetAmuletConfigForRoundResponse`).
 * @category Codecs
 * @since 0.1.0
 */
export const GetAmuletConfigForRoundResponse = t.type(
  { amulet_create_fee: t.string, holding_fee: t.string, lock_holder_fee: t.string, transfer_fee: SteppedRate },
  'GetAmuletConfigForRoundResponse',
);
export type GetAmuletConfigForRoundResponse = t.TypeOf<typeof GetAmuletConfigForRoundResponse>;
