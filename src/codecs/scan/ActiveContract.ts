import * as t from 'io-ts';
import { DamlRecord, optional, Timestamp, isTimestamp, isStringArray, withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const ActiveContractCodec = t.intersection(
  [
    t.type({
      contract_id: t.string,
      template_id: t.string,
      package_name: t.string,
      /** Always compact JSON. */
      create_arguments: DamlRecord,
      created_at: Timestamp,
      signatories: t.array(t.string),
      observers: t.array(t.string),
    }),
    t.partial({
      /** Absent for contracts created under an earlier migration id. */
      created_in_update_id: optional(t.string),
    }),
  ],
  'ActiveContract',
);
function isActiveContract(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.created_in_update_id;
  return (
    (x === undefined || x === null || typeof x === 'string') &&
    typeof u.contract_id === 'string' &&
    typeof u.template_id === 'string' &&
    typeof u.package_name === 'string' &&
    isJsonObject(u.create_arguments) &&
    isTimestamp(u.created_at) &&
    isStringArray(u.signatories) &&
    isStringArray(u.observers)
  );
}
/**
 * A contract of an ACS snapshot page of the `/v2` state endpoints (upstream `ActiveContract`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.scan.ActiveContract)(page.created_events[0]); // Either<DecodeError, ActiveContract>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const ActiveContract = withFastGuard(ActiveContractCodec, isActiveContract);
export type ActiveContract = t.TypeOf<typeof ActiveContract>;
