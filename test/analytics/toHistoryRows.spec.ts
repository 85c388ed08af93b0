import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { of } from 'rxjs';
import { toHistoryRows } from '../../src/analytics/toHistoryRows';
import type { SinkItem } from '../../src/sinks/Sink';
import type { Page } from '../../src/paging/Page';
import { collect } from '../helpers/collect';
import { scanHistory } from '../helpers/scanHistory';

describe('toHistoryRows', () => {
  it("gives each page's rows with the page's checkpoint, and lets a Left through", async () => {
    const items = scanHistory(10) as unknown as SinkItem[];
    const page: Page<SinkItem, string> = { records: items.map((value, i) => ({ value, checkpoint: `c${i}` })), checkpoint: 'end', caughtUp: false };
    const out = await collect(of(E.right(page), E.left('boom')).pipe(toHistoryRows<string, string>()));
    assert.equal(out.length, 2);
    const first = out[0]!;
    assert.ok(E.isRight(first));
    assert.equal(first.right.rows.updates.length, 10);
    assert.equal(first.right.checkpoint, 'end');
    assert.deepEqual(out[1], E.left('boom'));
  });
});
