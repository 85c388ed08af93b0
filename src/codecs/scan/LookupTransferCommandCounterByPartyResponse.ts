import * as t from 'io-ts';
import { ContractWithState } from '../splice/ContractWithState.js';

/**
 * The `Splice.ExternalPartyAmuletRules:TransferCommandCounter` of a party; a 404 means use nonce 0 (upstream `LookupTransferCommandCounterByPartyResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/transfer-command-counter/{party}
 * decodeWith(codecs.scan.LookupTransferCommandCounterByPartyResponse)(await res.json());
 * // Either<DecodeError, LookupTransferCommandCounterByPartyResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const LookupTransferCommandCounterByPartyResponse = t.type({ transfer_command_counter: ContractWithState }, 'LookupTransferCommandCounterByPartyResponse');
export type LookupTransferCommandCounterByPartyResponse = t.TypeOf<typeof LookupTransferCommandCounterByPartyResponse>;
