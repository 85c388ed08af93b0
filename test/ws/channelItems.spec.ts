import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { from, take, toArray, firstValueFrom } from 'rxjs';
import type { CantonError } from '../../src/errors/CantonError';
import { networkError } from '../../src/errors/constructors';
import type { Page } from '../../src/paging/Page';
import { channelItems } from '../../src/ws/channelItems';

type P = E.Either<CantonError, Page<string, number>>;
const drop = networkError('GET', 'ws://h/v2/updates', 'the WebSocket closed with code 1006', {});
const pages: P[] = [
  E.right({ records: [{ value: 'a', checkpoint: 1 }], checkpoint: 1, caughtUp: false }),
  E.right({ records: [], checkpoint: 3, caughtUp: true }),
  E.right({ records: [{ value: 'b', checkpoint: 4 }, { value: 'c', checkpoint: 5 }], checkpoint: 5, caughtUp: false }),
  E.left(drop),
];

describe('channelItems (the item form of a channel read as pages)', () => {
  it('hands on each record value, a Left as it is, and a caught-up page as a heartbeat only when asked', async () => {
    const quiet = await firstValueFrom(channelItems(from(pages), false).pipe(toArray()));
    assert.deepEqual(quiet, [E.right('a'), E.right('b'), E.right('c'), E.left(drop)]);
    const beating = await firstValueFrom(channelItems(from(pages), true).pipe(toArray()));
    const beat = beating[1]!;
    assert.ok(E.isRight(beat) && typeof beat.right === 'object' && beat.right._tag === 'Heartbeat' && beat.right.checkpoint === 3 && typeof beat.right.polledAt === 'number', JSON.stringify(beat));
    assert.equal(beating.length, 5);
  });

  it('stops at once when the consumer does, mid-page', async () => {
    const two = await firstValueFrom(channelItems(from(pages), false).pipe(take(2), toArray()));
    assert.deepEqual(two, [E.right('a'), E.right('b')]);
  });
});
