import { getHoldingsStateAtV2 } from '../generated/scan/ops/getHoldingsStateAtV2.js';
import type { HoldingsStateRequestV2 } from '../codecs/scan/HoldingsStateRequestV2.js';
import { validateHoldingsStateRequest } from '../validation/validateHoldingsStateRequest.js';
import type { HoldingsCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { snapshotPaging } from './readSnapshotPages.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * Options of `scan.holdings`.
 * @category Streams
 * @since 0.1.0
 */
export type ScanHoldingsOptions = StreamOptions<HoldingsCheckpoint>;

/**
 * The holdings at a snapshot (`POST /v2/holdings/state`; the snapshot family) as ActiveContract
 * records (see `ScanGroup.holdings`, `ScanGroup.pages.holdings`). The first page decides the
 * snapshot (with `at_or_before`, the newest one at or before the time asked for); every later page
 * asks for that snapshot exactly, so a snapshot taken while the stream runs cannot mix two states.
 * Page tokens must not repeat, contracts must not come again, and every page must echo the
 * snapshot, or the stream ends with a `DecodeError` of reason `invariant` (see `snapshotPageStep`).
 * Scan's 404 "No snapshots found ..." carries `condition: 'SnapshotNotFound'`.
 * @example
 * ```ts
 * scanHoldingsStream.items(transport, { migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanHoldingsStream = /*#__PURE__*/ recordStream({
  name: 'scan.holdings',
  family: 'snapshot',
  checkpoint: checkpointCodecs['scan.holdings'],
  items: 'values',
  remember: true,
  validate: validateHoldingsStateRequest,
  read: ({ call }: ReadContext, request: HoldingsStateRequestV2, options: ScanHoldingsOptions) =>
    snapshotPaging(request, options.from, (body) => call(getHoldingsStateAtV2, [body]), (fields): HoldingsCheckpoint => ({ stream: 'scan.holdings', ...fields })),
});

/** The page form of `scan.holdings` (see `ScanGroup.pages.holdings`). @internal */
export const scanHoldingsPages = scanHoldingsStream.pages;

/** The item form of `scan.holdings` (see `ScanGroup.holdings`). @internal */
export const scanHoldings = scanHoldingsStream.items;
