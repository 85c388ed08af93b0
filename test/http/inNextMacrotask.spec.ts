import assert from 'node:assert/strict';
import { firstValueFrom } from 'rxjs';
import { inNextMacrotask } from '../../src/http/inNextMacrotask';

describe('inNextMacrotask', () => {
  it('computes and emits only after the microtasks and ticks queued before it, then completes', async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) =>
      inNextMacrotask(() => {
        order.push('value');
        return 7;
      }).subscribe({ next: (v) => order.push(`next ${v}`), complete: () => resolve() }),
    );
    process.nextTick(() => order.push('tick'));
    let chain = Promise.resolve();
    for (let i = 0; i < 20; i++) chain = chain.then(() => undefined);
    void chain.then(() => order.push('20 microtasks'));
    order.push('sync');
    await done;
    assert.deepEqual(order, ['sync', 'tick', '20 microtasks', 'value', 'next 7']);
  });

  it('runs nothing when unsubscribed before', async () => {
    let ran = false;
    inNextMacrotask(() => (ran = true))
      .subscribe()
      .unsubscribe();
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(ran, false);
  });

  it('turns a throw into an error of the Observable, not an uncaught exception', async () => {
    await assert.rejects(
      firstValueFrom(
        inNextMacrotask(() => {
          throw new Error('boom');
        }),
      ),
      /boom/,
    );
  });
});
