import assert from 'node:assert/strict';
import { workerFetch } from '../../src/http/workerFetch.browser';
import type { FetchInit } from '../../src/http/types';

describe('workerFetch (the browser build)', () => {
  it('is the platform fetch, called with the platform as `this`', async () => {
    const original = globalThis.fetch;
    const seen: unknown[] = [];
    globalThis.fetch = function (this: unknown, input: unknown) {
      seen.push(this, input);
      return Promise.resolve(new Response('{}'));
    } as typeof fetch;
    try {
      const init: FetchInit = { method: 'GET', headers: {}, signal: new AbortController().signal };
      assert.equal(await (await workerFetch()('http://example.test/x', init)).text(), '{}');
      assert.deepEqual(seen, [globalThis, 'http://example.test/x']);
    } finally {
      globalThis.fetch = original;
    }
  });
});
