import { asyncScheduler, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { checked } from '../client/send.js';
import { ledgerChannels } from '../generated/ledger/channels.js';
import { CompletionStreamResponse, type Completion1 } from '../codecs/ledger/CompletionStreamResponse.js';
import { Checks } from '../validation/checks.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import { invariantViolation } from '../streams/invariantViolation.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY } from '../streams/options.js';
import { openChannel } from './openChannel.js';
import type { CompletionsCheckpoint, WebSocketStreamOptions } from './options.js';
import { resumable } from './resumable.js';
import type { WebSocketEndpoint } from './webSocketEndpoint.js';

/** What both completion requests share. */
interface CompletionsRequest {
  readonly parties?: ReadonlyArray<string> | null;
  readonly beginExclusive?: number | null;
}

/** Position: the offset to open from (exclusive); `undefined` is the ledger's begin. */
interface Position {
  readonly at: number | undefined;
}

const checkRequest = (request: CompletionsRequest, options: WebSocketStreamOptions<CompletionsCheckpoint>, partiesRequired: boolean): Checks => {
  const checks = new Checks();
  const parties = request.parties;
  if (parties != null) checks.check(Array.isArray(parties) && parties.every((p) => typeof p === 'string' && p !== ''), 'parties', 'must be a list of party ids');
  if (partiesRequired) checks.check(Array.isArray(parties) && parties.length > 0, 'parties', 'must not be empty');
  if (request.beginExclusive != null) checks.nonNegativeInt(request.beginExclusive, 'beginExclusive');
  const from = options.from;
  if (from !== undefined) checks.check(from.stream === 'ledger.completions', 'from.stream', "must be 'ledger.completions'").nonNegativeInt(from.offset, 'from.offset');
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/**
 * A completion channel (`/v2/commands/command-completions`, or the deprecated
 * `/v2/commands/completions`) as a cold stream of `Completion1` items. The channel never ends by
 * itself: the participant keeps it open and pushes completions as commands complete, and
 * `OffsetCheckpoint` messages meanwhile (a `Heartbeat` with `heartbeats`). Completion offsets
 * must rise strictly; a new socket opens after the last completion or checkpoint.
 * @internal
 */
export const completionChannel = <R extends CompletionsRequest>(
  endpoint: E.Either<CantonError, WebSocketEndpoint>,
  path: (typeof ledgerChannels)['commandCompletions' | 'completions']['path'],
  request: R,
  options: WebSocketStreamOptions<CompletionsCheckpoint> = {},
): Observable<E.Either<CantonError, Completion1 | Heartbeat<CompletionsCheckpoint>>> =>
  checked(
    () => checkRequest(request, options, path === ledgerChannels.completions.path).result(`${path} request`, request),
    (req) =>
      resumable<Position, CompletionStreamResponse, Completion1 | Heartbeat<CompletionsCheckpoint>>({
        initial: { at: options.from?.offset ?? req.beginExclusive ?? undefined },
        retry: options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry,
        reopenMs: options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined,
        connect: ({ at }) => openChannel(endpoint, path, at === undefined ? req : { ...req, beginExclusive: at }, CompletionStreamResponse),
        step: ({ completionResponse }, { at }) => {
          if ('Completion' in completionResponse) {
            const completion = completionResponse.Completion.value;
            if (at !== undefined && completion.offset <= at) return E.left(invariantViolation('completionResponse.Completion.value.offset', `an offset above ${at}`, completion.offset, 'offsets must rise strictly'));
            return E.right({ items: [completion], next: { at: completion.offset } });
          }
          if ('OffsetCheckpoint' in completionResponse) {
            const offset = completionResponse.OffsetCheckpoint.value.offset;
            if (at !== undefined && offset < at) return E.right({ items: [], next: { at } });
            const heartbeat: Heartbeat<CompletionsCheckpoint> = { _tag: 'Heartbeat', checkpoint: offset > 0 ? { stream: 'ledger.completions', offset } : undefined, polledAt: asyncScheduler.now() };
            return E.right({ items: options.heartbeats === true ? [heartbeat] : [], next: { at: offset } });
          }
          return E.right({ items: [], next: { at } });
        },
      }),
  );
