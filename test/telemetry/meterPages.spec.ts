import assert from 'node:assert/strict';
import { of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { invalidRequest } from '../../src/errors/constructors';
import { createTelemetry } from '../../src/telemetry/createTelemetry';
import { meterPages } from '../../src/telemetry/meterPages';
import { collect } from '../helpers/collect';
import { otelHarness } from './otel';

describe('meterPages', () => {
  it('without telemetry it adds nothing: the same Observable', () => {
    const pages = of(E.right({ records: [1], caughtUp: false }));
    assert.equal(pages.pipe(meterPages(undefined, 'scan.updates')), pages);
  });

  it('counts the pages that pass (Rights only) and hands everything on', async () => {
    const otel = otelHarness();
    try {
      const input = [E.right({ records: [1, 2], caughtUp: false }), E.right({ records: [], caughtUp: true }), E.left(invalidRequest('x', []))];
      const out = await collect(of(...input).pipe(meterPages(createTelemetry(otel.telemetry), 'scan.events')));
      assert.deepEqual(out, input);
      assert.equal(await otel.sum('canton_rx.stream.pages', { 'canton_rx.stream': 'scan.events' }), 2);
      assert.equal(await otel.sum('canton_rx.stream.items', { 'canton_rx.stream': 'scan.events' }), 2);
    } finally {
      await otel.shutdown();
    }
  });
});
