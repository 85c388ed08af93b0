import type { Observable } from 'rxjs';
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { checked } from '../client/send.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import type { GetUpdatesRequest } from '../codecs/ledger/GetUpdatesRequest.js';
import { TransactionShape } from '../codecs/ledger/UpdateFormat.js';
import type { UpdateFormatInput } from '../streams/ledgerUpdates.js';
import { Checks } from '../validation/checks.js';
import type { LedgerCheckpoint } from '../streams/checkpoints.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { Paging } from '../paging/readPages.js';
import { itemsOf } from '../streams/itemsOf.js';
import { openChannel } from './openChannel.js';
import { channelPacing, type WebSocketStreamOptions } from './options.js';
import { readChannel } from './readChannel.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';
import { requireRequest } from '../validation/requireRequest.js';
import { checkpointCodecs } from '../streams/checkpointCodecs.js';

/** An update of any of the update channels: one key, the variant, holding `{value: {offset, ...}}`. */
type Variant = { readonly [key: string]: { readonly value: { readonly offset: number } } };

/** Which of the update channels, and how it differs. @internal */
export interface UpdateChannel<U> {
  readonly path: (typeof ledgerChannels)['updates' | 'updatesFlats' | 'updatesTrees']['path'];
  readonly codec: t.Decoder<unknown, { readonly update: U }>;
  /** The trees channel refuses an `updateFormat` and needs the legacy `filter`. */
  readonly legacyFilterOnly: boolean;
}

/**
 * The request of the ledger's update channels (`ledger.ws.updates`, `flats`, `trees`): the
 * AsyncAPI's `GetUpdatesRequest`, whose `updateFormat` is an {@link UpdateFormatInput}, so a
 * format declared without `as const` is taken; its `transactionShape` is checked before a socket
 * opens.
 * @example
 * ```ts
 * import { createClient, type WebSocketUpdatesRequest } from 'canton-rx';
 *
 * const updateFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersForAnyParty: {} } } };
 * const request: WebSocketUpdatesRequest = { beginExclusive: 0, updateFormat };
 * createClient({ ledger: { url: 'http://127.0.0.1:7575' } }).ledger.ws.updates(request).subscribe(console.log);
 * ```
 * @category Streams
 * @since 0.4.0
 */
export type WebSocketUpdatesRequest = Omit<GetUpdatesRequest, 'updateFormat'> & { readonly updateFormat?: UpdateFormatInput | null };

/** Position: ascending, the exclusive lower bound to open from; descending, the exclusive upper bound. */
interface Position {
  readonly at: number;
}

/** The checkpoint at an offset; none at the ledger's begin, before anything was read. */
const ledgerCheckpoint = (offset: number): LedgerCheckpoint | undefined => (offset > 0 ? { stream: 'ledger.updates', offset } : undefined);

const checkRequest = (request: WebSocketUpdatesRequest, options: WebSocketStreamOptions<LedgerCheckpoint>, channel: UpdateChannel<unknown>): Checks => {
  const checks = new Checks().nonNegativeInt(request.beginExclusive, 'beginExclusive');
  const end = request.endInclusive;
  if (end != null) checks.positiveInt(end, 'endInclusive').check(!(end < request.beginExclusive), 'endInclusive', 'must not be below beginExclusive');
  if (request.descendingOrder === true) checks.check(end != null, 'descendingOrder', 'needs endInclusive');
  const hasFormat = request.updateFormat != null;
  const hasFilter = request.filter != null;
  if (channel.legacyFilterOnly) checks.check(!hasFormat, 'updateFormat', 'must be unset on the trees channel').check(hasFilter, 'filter', 'is required on the trees channel');
  else checks.check(hasFormat !== hasFilter, 'updateFormat', hasFormat ? 'must be unset when filter is given' : 'is required (or the deprecated filter)');
  const shape = request.updateFormat?.includeTransactions?.transactionShape;
  if (shape !== undefined) checks.check(TransactionShape.is(shape), 'updateFormat.includeTransactions.transactionShape', `must be one of ${Object.keys(TransactionShape.keys).join(', ')}`);
  const from = options.from;
  checks.checkpoint(checkpointCodecs['ledger.updates'], from);
  if (options.tail !== undefined) {
    checks.check(request.descendingOrder !== true && end == null, 'tail', 'needs ascending order and no endInclusive');
    if (options.tail.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  }
  return checks;
};

/**
 * One of the ledger's update channels (`/v2/updates`, and the deprecated flats and trees) as a
 * cold stream of updates, with the checkpoints of `ledger.updates`: the offset of the last update,
 * or of the last `OffsetCheckpoint` message that moved the stream on (a `Heartbeat` with
 * `heartbeats`). A new socket opens from there: `beginExclusive` is the checkpoint ascending,
 * `endInclusive` one below it descending. Offsets must rise (fall) strictly within the range
 * asked for, so nothing is handed on twice; a violation is a `DecodeError` of reason `invariant`.
 * Read with the paging engine's step and retry (`readChannel`): each message is a page, an
 * update one record with its `LedgerCheckpoint`, an offset checkpoint at the position a caught-up
 * page; once the range is read to its end the socket is closed.
 * @internal
 */
export const updateChannel = <U>(
  endpoint: E.Either<CantonError, WebSocketEndpoint>,
  channel: UpdateChannel<U>,
  request: WebSocketUpdatesRequest,
  options: WebSocketStreamOptions<LedgerCheckpoint> = {},
): Observable<E.Either<CantonError, U | Heartbeat<LedgerCheckpoint>>> =>
  checked(
    () => requireRequest(request, `${channel.path} request`) ?? checkRequest(request, options, channel).result(`${channel.path} request`, request),
    (req) => {
      const descending = req.descendingOrder === true;
      const begin = req.beginExclusive;
      const end = req.endInclusive ?? undefined;
      // Where the range is read to its end, nothing is left to open a socket for.
      const open = (at: number): Position | undefined => ((descending ? at - 1 <= begin : end !== undefined && at >= end) ? undefined : { at });
      const from = options.from?.offset;
      const paging: Paging<Position, { readonly update: U }, U, LedgerCheckpoint> = {
        request: ({ at }) => openChannel(endpoint, channel.path, descending ? { ...req, endInclusive: at - 1 } : { ...req, beginExclusive: at }, channel.codec, options.strict),
        step: ({ update }, { at }) => {
          const variant = update as unknown as Variant;
          const checkpoint = variant['OffsetCheckpoint'];
          if (checkpoint !== undefined) {
            // Nothing matched up to a checkpoint: resuming from it skips nothing. Descending
            // streams have no use for them, nor have checkpoints behind the position.
            const offset = end === undefined ? checkpoint.value.offset : Math.min(end, checkpoint.value.offset);
            // One at the position itself says "caught up" (as a caught-up page does) and is handed on too.
            if (descending || offset < at) return E.right({ page: { records: [], checkpoint: ledgerCheckpoint(at), caughtUp: false }, next: { at } });
            return E.right({ page: { records: [], checkpoint: ledgerCheckpoint(offset), caughtUp: true }, next: open(offset) });
          }
          const offset = Object.values(variant)[0]!.value.offset;
          const inRange = descending ? offset < at && offset > begin : offset > at && (end === undefined || offset <= end);
          if (!inRange) {
            const expected = descending ? `an offset below ${at} and above ${begin}` : `an offset above ${at}${end === undefined ? '' : ` and at most ${end}`}`;
            return E.left(invariantViolation('update', expected, offset, `offsets must ${descending ? 'fall' : 'rise'} strictly within the range asked for`));
          }
          const after: LedgerCheckpoint = { stream: 'ledger.updates', offset };
          return E.right({ page: { records: [{ value: update, checkpoint: after }], checkpoint: after, caughtUp: false }, next: open(offset) });
        },
      };
      const pages = readChannel(paging, open(descending ? (from ?? end! + 1) : (from ?? begin)), channelPacing(options));
      return itemsOf(pages, options.heartbeats);
    },
  );
