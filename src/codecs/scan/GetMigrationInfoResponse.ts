import * as t from 'io-ts';
import { int64, Timestamp } from '../common/primitives.js';

/**
 * What one Scan holds of one migration, from `POST /v0/backfilling/migration-info` (upstream
 * `GetMigrationInfoResponse`): per synchronizer, the record times of its oldest and newest update.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // POST /api/scan/v0/backfilling/migration-info {"migration_id": 4}
 * decodeWith(codecs.scan.GetMigrationInfoResponse)(await res.json());
 * // Right({ previous_migration_id: 3, record_time_range: [{ synchronizer_id: 'global-domain::1220…', min: '…', max: '…' }], complete: true })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const GetMigrationInfoResponse = t.intersection(
  [
    t.type({ record_time_range: t.array(t.type({ synchronizer_id: t.string, min: Timestamp, max: Timestamp }, 'RecordTimeRange')), complete: t.boolean }),
    t.partial({ previous_migration_id: t.union([int64, t.null]), last_import_update_id: t.union([t.string, t.null]), import_updates_complete: t.union([t.boolean, t.null]) }),
  ],
  'GetMigrationInfoResponse',
);
export type GetMigrationInfoResponse = t.TypeOf<typeof GetMigrationInfoResponse>;
