import assert from 'node:assert/strict';
import { defaultFetch } from '../../src/clientFactory/defaultFetch';
import { defaultFetch as browserFetch } from '../../src/clientFactory/defaultFetch.browser';

describe('defaultFetch', () => {
  const platform = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = platform;
  });

  for (const [name, pick] of [['Node build', defaultFetch], ['browser build', browserFetch]] as const) {
    it(`${name}: the platform fetch, called with the platform as this`, async () => {
      const seen: unknown[] = [];
      globalThis.fetch = function (this: unknown) {
        seen.push(this);
        return Promise.resolve(new Response('ok'));
      } as typeof fetch;
      const f = pick();
      assert.equal(await (await f('http://127.0.0.1:1/', { method: 'GET', headers: {}, signal: new AbortController().signal })).text(), 'ok');
      assert.deepEqual(seen, [globalThis]);
    });
  }

  it('Node build: cross-fetch where the platform has no fetch', () => {
    delete (globalThis as { fetch?: unknown }).fetch;
    const f = defaultFetch();
    assert.equal(typeof f, 'function');
    assert.notEqual(f, platform);
  });
});
