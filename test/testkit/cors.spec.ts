import assert from 'node:assert/strict';
import { startSimulatedNetwork, startSimulatedScans } from '../../src/testkit';

const preflight = (url: string): Promise<Response> =>
  fetch(url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

const updatesPage = (scanUrl: string): Promise<Response> =>
  fetch(`${scanUrl}/v2/updates`, { method: 'POST', headers: { origin: 'http://127.0.0.1:9', 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 2 }) });

describe('the simulated network answers CORS when asked to (cors: true)', () => {
  it('answers a preflight with 204 and allows the page on every answer, a fault included', async () => {
    const net = await startSimulatedNetwork({ updates: 10, cors: true });
    try {
      const pre = await preflight(`${net.scanUrl}/v2/updates`);
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), 'http://127.0.0.1:9');
      assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.equal(pre.headers.get('access-control-allow-headers'), 'content-type');
      // A preflight is no request of the API: not counted.
      assert.equal(net.stats().totalRequests, 0);
      const page = await updatesPage(net.scanUrl);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('access-control-allow-origin'), 'http://127.0.0.1:9');
      assert.equal(page.headers.get('access-control-expose-headers'), 'retry-after');
      assert.equal(((await page.json()) as { transactions: unknown[] }).transactions.length, 2);
      net.setFaults({ rate: 1, kinds: [429] });
      const limited = await updatesPage(net.scanUrl);
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('access-control-allow-origin'), 'http://127.0.0.1:9');
    } finally {
      await net.close();
    }
  });

  it('says nothing of CORS by default', async () => {
    const net = await startSimulatedNetwork({ updates: 10 });
    try {
      assert.notEqual((await preflight(`${net.scanUrl}/v2/updates`)).status, 204);
      assert.equal((await updatesPage(net.scanUrl)).headers.get('access-control-allow-origin'), null);
    } finally {
      await net.close();
    }
  });

  it('startSimulatedScans: every Scan of the set', async () => {
    const set = await startSimulatedScans({ updates: 10, scans: [{}, {}], cors: true });
    try {
      for (const url of set.urls) {
        assert.equal((await preflight(`${url}/v2/updates`)).status, 204);
        assert.equal((await updatesPage(url)).headers.get('access-control-allow-origin'), 'http://127.0.0.1:9');
      }
    } finally {
      await set.close();
    }
  });
});
