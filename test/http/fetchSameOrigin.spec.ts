import assert from 'node:assert/strict';
import { fetchSameOrigin } from '../../src/http/fetchSameOrigin';
import type { Fetch, FetchInit, FetchResponse } from '../../src/http/types';

const answer = (status: number, location?: string): FetchResponse => ({
  status,
  headers: { get: (name) => (name === 'location' ? location ?? null : null) },
  text: () => Promise.resolve(''),
});

const scripted = (answers: FetchResponse[]) => {
  const calls: Array<[string, FetchInit]> = [];
  const fetch: Fetch = (url, init) => {
    calls.push([url, init]);
    return Promise.resolve(answers.shift() ?? answer(200));
  };
  return { fetch, calls };
};

const init = (): FetchInit => ({ method: 'GET', headers: { authorization: 'Bearer t' }, signal: new AbortController().signal });

describe('fetchSameOrigin', () => {
  it('asks every fetch for manual redirects', async () => {
    const { fetch, calls } = scripted([answer(307, '/b')]);
    await fetchSameOrigin(fetch, 'http://h:1/a', init());
    assert.deepEqual(calls.map(([url, i]) => [url, i.redirect]), [['http://h:1/a', 'manual'], ['http://h:1/b', 'manual']]);
  });
  it('returns a redirect to another scheme, host or port, one without a usable Location, and an opaque one', async () => {
    for (const res of [answer(302, 'https://h:1/b'), answer(302, 'http://h:2/b'), answer(302, 'http://g:1/b'), answer(302), answer(302, 'http://[bad'), answer(0)]) {
      const { fetch, calls } = scripted([res]);
      assert.equal(await fetchSameOrigin(fetch, 'http://h:1/a', init()), res);
      assert.equal(calls.length, 1);
    }
  });
});
