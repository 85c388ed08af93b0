import * as t from 'io-ts';
import { int64, isJsonObject, isStringArray, Timestamp } from '../common/primitives.js';
import { TreeEvent } from './TreeEvent.js';

/**
 * The fields the v1 and v2 transactions share (upstream `BaseUpdateHistoryTransaction`).
 * @internal
 */
export const baseTransactionProps = {
  update_id: t.string,
  migration_id: int64,
  /** `""` when none was set. */
  workflow_id: t.string,
  /** Always 6 fractional digits. */
  record_time: Timestamp,
  synchronizer_id: t.string,
  effective_at: Timestamp,
  /** In execution order; walk the tree from here, since `events_by_id` keys sort as text (`…:10` before `…:2`). */
  root_event_ids: t.array(t.string),
  events_by_id: t.record(t.string, TreeEvent),
};

/**
 * The fast guard shared by the v1 and v2 transaction codecs: every field of
 * {@link baseTransactionProps} and the optional hash, checked
 * without io-ts's generic combinators (a MainNet page holds hundreds of transactions).
 * `offset` is checked by the caller (required hex in v1, an optional string in v2).
 * @internal
 */
export const isTransactionShape = (u: unknown): u is Record<string, unknown> => {
  if (!isJsonObject(u)) return false;
  const hash = u.external_transaction_hash;
  if (
    !(
      typeof u.update_id === 'string' &&
      int64.is(u.migration_id) &&
      typeof u.workflow_id === 'string' &&
      Timestamp.is(u.record_time) &&
      typeof u.synchronizer_id === 'string' &&
      Timestamp.is(u.effective_at) &&
      isStringArray(u.root_event_ids) &&
      (hash === undefined || hash === null || typeof hash === 'string')
    )
  ) {
    return false;
  }
  const events = u.events_by_id;
  if (!isJsonObject(events)) return false;
  for (const key in events) if (!TreeEvent.is(events[key])) return false;
  return true;
};
