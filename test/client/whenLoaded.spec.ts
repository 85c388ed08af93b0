import assert from 'node:assert/strict';
import { firstValueFrom, of } from 'rxjs';
import { whenLoaded } from '../../src/client/whenLoaded';

describe('whenLoaded', () => {
  it('loads nothing before subscribe, then gives what the module makes', async () => {
    let loads = 0;
    const stream = whenLoaded(
      () => {
        loads++;
        return Promise.resolve({ answer: (n: number) => of(n * 2) });
      },
      (m) => m.answer(21),
    );
    assert.equal(loads, 0);
    assert.equal(await firstValueFrom(stream), 42);
    assert.equal(loads, 1);
  });

  it('an unsubscribe before the module arrives makes nothing of it', async () => {
    let used = 0;
    let arrive: (m: { readonly x: number }) => void = () => undefined;
    const loaded = new Promise<{ readonly x: number }>((resolve) => (arrive = resolve));
    const subscription = whenLoaded(
      () => loaded,
      (m) => {
        used++;
        return of(m.x);
      },
    ).subscribe();
    subscription.unsubscribe();
    arrive({ x: 1 });
    await loaded;
    await Promise.resolve();
    assert.equal(used, 0);
  });

  it('a module that fails to load is a defect: the error channel, not a value', async () => {
    const failure = new Error('Failed to fetch dynamically imported module: /assets/operations-1234.js');
    await assert.rejects(firstValueFrom(whenLoaded(() => Promise.reject(failure), () => of(1))), failure);
  });
});
