import { getAcsSnapshotAtV2 } from '../generated/scan/ops/getAcsSnapshotAtV2.js';
import type { AcsRequestV2 } from '../codecs/scan/AcsRequestV2.js';
import type { AcsSnapshotCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { snapshotPaging } from './readSnapshotPages.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * Options of `scan.acsSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanAcsSnapshotOptions = StreamOptions<AcsSnapshotCheckpoint>;

/**
 * Scan's ACS at a snapshot (`POST /v2/state/acs`; the snapshot family) as ActiveContract records
 * (see `ScanGroup.acsSnapshot`, `ScanGroup.pages.acsSnapshot`). The first page decides the
 * snapshot (with `at_or_before`, the newest one at or before the time asked for); every later page
 * asks for that snapshot exactly, so that a snapshot taken while the stream runs cannot mix two
 * states. A page from another snapshot, a page token that repeats, or a contract delivered again
 * ends the stream with a `DecodeError` of reason `invariant`, after the valid items before it
 * (see `snapshotPageStep`).
 * @example
 * ```ts
 * scanAcsSnapshotStream.items(transport, { migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanAcsSnapshotStream = /*#__PURE__*/ recordStream({
  name: 'scan.acsSnapshot',
  family: 'snapshot',
  checkpoint: checkpointCodecs['scan.acsSnapshot'],
  items: 'values',
  remember: true,
  requestRequired: true,
  read: ({ call }: ReadContext, request: AcsRequestV2, options: ScanAcsSnapshotOptions) =>
    snapshotPaging(request, options.from, (body) => call(getAcsSnapshotAtV2, [body]), (fields): AcsSnapshotCheckpoint => ({ stream: 'scan.acsSnapshot', ...fields })),
});

/** The page form of `scan.acsSnapshot` (see `ScanGroup.pages.acsSnapshot`). @internal */
export const scanAcsSnapshotPages = scanAcsSnapshotStream.pages;

/** The item form of `scan.acsSnapshot` (see `ScanGroup.acsSnapshot`). @internal */
export const scanAcsSnapshot = scanAcsSnapshotStream.items;
