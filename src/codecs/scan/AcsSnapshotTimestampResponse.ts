import * as t from 'io-ts';
import { Timestamp } from '../common/primitives.js';

/**
 * The record time of an ACS snapshot, from `/v0/state/acs/snapshot-timestamp[-after]` (upstream `AcsSnapshotTimestampResponse`).
 * @category Codecs
 * @since 0.1.0
 */
export const AcsSnapshotTimestampResponse = t.type({ record_time: Timestamp }, 'AcsSnapshotTimestampResponse');
export type AcsSnapshotTimestampResponse = t.TypeOf<typeof AcsSnapshotTimestampResponse>;
