import { defer, delay, of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { Call, Transport } from '../../src/client/createTransport';
import { httpError } from '../../src/errors/constructors';
import type { ErrorBody } from '../../src/errors/CantonError';

export interface FakeReply {
  readonly status: number;
  readonly body: object;
}

/**
 * A transport without HTTP for virtual-time tests: each request (each subscription) is answered
 * by `answer` after `latency` frames of RxJS time, as a decoded 2xx body or an HttpError. Every
 * request is recorded with the virtual time it was sent at.
 */
export const fakeTransport = (answer: (call: Call) => FakeReply, latency = 10, now: () => number = () => 0) => {
  const calls: Array<{ at: number; call: Call }> = [];
  // Cold like the real transport: every subscription (a retry too) is a new request.
  const transport: Transport = (call) => defer(() => {
    calls.push({ at: now(), call });
    const reply = answer(call);
    const result =
      reply.status >= 200 && reply.status < 300
        ? E.right({ status: reply.status, method: call.method, url: call.path, body: { _tag: 'Json' as const, json: reply.body } })
        : E.left(
            httpError({
              status: reply.status,
              method: call.method,
              url: call.path,
              body: ('code' in reply.body ? { _tag: 'LedgerError', error: reply.body } : { _tag: 'SimpleError', error: String((reply.body as { error?: unknown }).error) }) as ErrorBody,
              ...('code' in reply.body && reply.body.code === 'INVALID_UPDATES_PAGE_TOKEN' ? { condition: 'InvalidPageToken' as const } : {}),
              ...('code' in reply.body && reply.body.code === 'PARTICIPANT_PRUNED_DATA_ACCESSED' ? { condition: 'ParticipantPruned' as const } : {}),
            }),
          );
    return of(result).pipe(delay(latency));
  });
  return { transport, calls };
};
