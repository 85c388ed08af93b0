import * as t from 'io-ts';
import { DamlRecord, Timestamp, isTimestamp, withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const ContractCodec = t.type(
  {
    template_id: t.string,
    contract_id: t.string,
    /** The create arguments in compact JSON. */
    payload: DamlRecord,
    /** Base64. */
    created_event_blob: t.string,
    created_at: Timestamp,
  },
  'Contract',
);
function isContract(u: unknown): boolean {
  return (
    isJsonObject(u) &&
    typeof u.template_id === 'string' &&
    typeof u.contract_id === 'string' &&
    isJsonObject(u.payload) &&
    typeof u.created_event_blob === 'string' &&
    isTimestamp(u.created_at)
  );
}
/**
 * A Daml contract as Scan and the validator return it (upstream `Contract`, common-external.yaml).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.Contract)(rounds.open_mining_rounds[0].contract); // Either<DecodeError, Contract>
 * // Right({ template_id: '…:Splice.Round:OpenMiningRound', contract_id: '00…', payload: { round: { number: '88086' }, … }, … })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const Contract = withFastGuard(ContractCodec, isContract);
export type Contract = t.TypeOf<typeof Contract>;
