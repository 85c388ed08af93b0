import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { checked } from '../client/send.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import { CompletionStreamResponse, type Completion1 } from '../codecs/ledger/CompletionStreamResponse.js';
import { Checks } from '../validation/checks.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { Paging } from '../paging/readPages.js';
import { itemsOf } from '../streams/itemsOf.js';
import { openChannel } from './openChannel.js';
import { channelPacing, type CompletionsCheckpoint, type WebSocketStreamOptions } from './options.js';
import { readChannel } from './readChannel.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';
import { requireRequest } from '../validation/requireRequest.js';
import { checkpointCodecs } from '../streams/checkpointCodecs.js';

/** What both completion requests share. */
interface CompletionsRequest {
  readonly parties?: ReadonlyArray<string> | null;
  readonly beginExclusive?: number | null;
}

/** Position: the offset to open from (exclusive); `undefined` is the ledger's begin. */
interface Position {
  readonly at: number | undefined;
}

/** The checkpoint at an offset; none at the ledger's begin, before anything was read. */
const completionsCheckpoint = (offset: number | undefined): CompletionsCheckpoint | undefined => (offset !== undefined && offset > 0 ? { stream: 'ledger.completions', offset } : undefined);

const checkRequest = (request: CompletionsRequest, options: WebSocketStreamOptions<CompletionsCheckpoint>, partiesRequired: boolean): Checks => {
  const checks = new Checks();
  const parties = request.parties;
  if (parties != null) checks.check(Array.isArray(parties) && parties.every((p) => typeof p === 'string' && p !== ''), 'parties', 'must be a list of party ids');
  if (partiesRequired) checks.check(Array.isArray(parties) && parties.length > 0, 'parties', 'must not be empty');
  if (request.beginExclusive != null) checks.nonNegativeInt(request.beginExclusive, 'beginExclusive');
  const from = options.from;
  checks.checkpoint(checkpointCodecs['ledger.completions'], from);
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/**
 * A completion channel (`/v2/commands/command-completions`, or the deprecated
 * `/v2/commands/completions`) as a cold stream of `Completion1` items. The channel never ends by
 * itself: the participant keeps it open and pushes completions as commands complete, and
 * `OffsetCheckpoint` messages meanwhile (a `Heartbeat` with `heartbeats`). Completion offsets
 * must rise strictly; a new socket opens after the last completion or checkpoint. Read with the
 * paging engine's step and retry (`readChannel`), as `updateChannel` is.
 * @internal
 */
export const completionChannel = <R extends CompletionsRequest>(
  endpoint: E.Either<CantonError, WebSocketEndpoint>,
  path: (typeof ledgerChannels)['commandCompletions' | 'completions']['path'],
  request: R,
  options: WebSocketStreamOptions<CompletionsCheckpoint> = {},
): Observable<E.Either<CantonError, Completion1 | Heartbeat<CompletionsCheckpoint>>> =>
  checked(
    () => requireRequest(request, `${path} request`) ?? checkRequest(request, options, path === ledgerChannels.completions.path).result(`${path} request`, request),
    (req) => {
      const paging: Paging<Position, CompletionStreamResponse, Completion1, CompletionsCheckpoint> = {
        request: ({ at }) => openChannel(endpoint, path, at === undefined ? req : { ...req, beginExclusive: at }, CompletionStreamResponse, options.strict),
        step: ({ completionResponse }, { at }) => {
          if ('Completion' in completionResponse) {
            const completion = completionResponse.Completion.value;
            if (at !== undefined && completion.offset <= at) return E.left(invariantViolation('completionResponse.Completion.value.offset', `an offset above ${at}`, completion.offset, 'offsets must rise strictly'));
            const checkpoint: CompletionsCheckpoint = { stream: 'ledger.completions', offset: completion.offset };
            return E.right({ page: { records: [{ value: completion, checkpoint }], checkpoint, caughtUp: false }, next: { at: completion.offset } });
          }
          const offset = 'OffsetCheckpoint' in completionResponse ? completionResponse.OffsetCheckpoint.value.offset : undefined;
          // A message without a completion moves nothing, nor does a checkpoint behind the position.
          if (offset === undefined || (at !== undefined && offset < at)) return E.right({ page: { records: [], checkpoint: completionsCheckpoint(at), caughtUp: false }, next: { at } });
          return E.right({ page: { records: [], checkpoint: completionsCheckpoint(offset), caughtUp: true }, next: { at: offset } });
        },
      };
      const pages = readChannel(paging, { at: options.from?.offset ?? req.beginExclusive ?? undefined }, channelPacing(options));
      return itemsOf(pages, options.heartbeats);
    },
  );
