import * as t from 'io-ts';
import { DamlRecord, Timestamp } from '../common/primitives.js';

/**
 * A Daml contract as Scan and the validator return it (upstream `Contract`, common-external.yaml).
 * @category Codecs
 * @since 0.1.0
 */
export const Contract = t.type(
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
export type Contract = t.TypeOf<typeof Contract>;
