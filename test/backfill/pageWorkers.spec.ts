import assert from 'node:assert/strict';
import { lastValueFrom } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { acquirePageWorkers, coresAvailable, SMALL_PAGE_BYTES, startPageWorkers } from '../../src/backfill/pageWorkers.js';
import { decodeResponse } from '../../src/client/decodeResponse.js';
import { UpdateHistoryResponseV2 } from '../../src/codecs/scan/UpdateHistoryResponseV2.js';
import { readFixture } from '../helpers/fixtures.js';

const where = { status: 200, method: 'POST', url: 'http://127.0.0.1:1/api/scan/v2/updates' };
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));
const answer = (bytes: Uint8Array, contentType: string | null = 'application/json') => ({ ...where, body: { _tag: 'Bytes' as const, bytes, contentType } });
const onMainThread = (bytes: Uint8Array, contentType: string | null = 'application/json') => decodeResponse(UpdateHistoryResponseV2)(E.right(answer(bytes.slice(), contentType)));

describe('page decoding workers', function () {
  this.timeout(20_000);
  const workers = startPageWorkers(2);
  after(() => workers.close());
  const decode = (bytes: Uint8Array, contentType?: string | null) => lastValueFrom(workers.decode<unknown>('v2')(answer(bytes, contentType)));

  it('decode a page in a worker to what the main thread decodes, the bytes transferred (the sender keeps none)', async () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json');
    const bytes = bytesOf(JSON.stringify(page));
    const expected = onMainThread(bytes);
    assert.ok(E.isRight(expected));
    const r = await decode(bytes);
    assert.deepEqual(r, expected);
    // Transferred: the buffer now belongs to the worker.
    assert.equal(bytes.buffer.byteLength, 0);
  });

  it('a view into a larger buffer is copied, leaving the buffer as it was', async () => {
    const whole = bytesOf(`xx{"transactions":[]}yy`);
    const view = whole.subarray(2, whole.length - 2);
    assert.deepEqual(await decode(view), E.right({ transactions: [] }));
    assert.equal(whole.buffer.byteLength, whole.length);
  });

  it('give the Left the main thread gives, with its JSON path, for a wrong shape, bad JSON, a text and an empty body', async () => {
    for (const [text, contentType] of [
      ['{"transactions":[{"update_id":5}]}', 'application/json'],
      ['{"transactions":[', 'application/json'],
      ['not json', 'text/plain'],
      ['', 'application/json'],
    ] as const) {
      const r = await decode(bytesOf(text), contentType);
      assert.ok(E.isLeft(r), text);
      assert.deepEqual(r, onMainThread(bytesOf(text), contentType), text);
    }
    const wrong = await decode(bytesOf('{"transactions":[{"update_id":5}]}'));
    assert.ok(E.isLeft(wrong) && wrong.left._tag === 'DecodeError' && wrong.left.issues.some((i) => i.path.startsWith('transactions.0')));
  });

  it('with a size below which pages stay on the calling thread: the same answers, only the larger pages transferred', async () => {
    const small = startPageWorkers(1, undefined, SMALL_PAGE_BYTES);
    try {
      const page = JSON.stringify(readFixture('scan', 'v2-updates__JosefinHao-canton__1.json'));
      const tiny = bytesOf('{"transactions":[]}');
      const large = bytesOf(page.length >= SMALL_PAGE_BYTES ? page : page.padEnd(SMALL_PAGE_BYTES + 1, ' '));
      for (const [bytes, transferred] of [[tiny, false], [large, true]] as const) {
        const expected = onMainThread(bytes);
        assert.deepEqual(await lastValueFrom(small.decode<unknown>('v2')(answer(bytes))), expected);
        assert.equal(bytes.buffer.byteLength === 0, transferred, `${bytes.byteLength} bytes`);
      }
      const wrong = await lastValueFrom(small.decode<unknown>('v2')(answer(bytesOf('{"transactions":[{"update_id":5}]}'))));
      assert.deepEqual(wrong, onMainThread(bytesOf('{"transactions":[{"update_id":5}]}')));
    } finally {
      small.close();
    }
  });

  it('are shared by reads that ask for as many at once, and the cores available is at least one', () => {
    const a = acquirePageWorkers(1);
    const b = acquirePageWorkers(1);
    assert.equal(a.decode, b.decode);
    a.close();
    b.close();
    assert.ok(coresAvailable() >= 1);
  });
});
