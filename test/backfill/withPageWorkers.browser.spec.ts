import assert from 'node:assert/strict';
import { of } from 'rxjs';
import { withPageWorkers } from '../../src/backfill/withPageWorkers.browser';
import type { Transport } from '../../src/client/createTransport';
import { collect } from '../helpers/collect';

describe('withPageWorkers (the browser build)', () => {
  it('reads without workers, whatever was asked, on a transport that could hand on bytes', async () => {
    const transport = Object.assign((() => of()) as unknown as Transport, { okBytes: true as const });
    const seen: unknown[] = [];
    assert.deepEqual(await collect(withPageWorkers(transport, 4, (workers) => (seen.push(workers), of('read')))), ['read']);
    assert.deepEqual(seen, [undefined]);
  });
});
