import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type FaultPlan, type SimulatedNetwork } from '../../src/testkit/index.js';
import { assertDecodes, formatFor, obj } from './helpers.js';

/** One request; network-level failures come back as `'network-error'`. */
const attempt = async (url: string, init?: RequestInit): Promise<{ status: number | 'network-error'; text: string; headers?: Headers }> => {
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  } catch {
    return { status: 'network-error', text: '' };
  }
};

const scanPage = (net: SimulatedNetwork): Promise<{ status: number | 'network-error'; text: string; headers?: Headers }> =>
  attempt(`${net.scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 5 }) });

describe('testkit: the fault plan', () => {
  it('the same seed injects the same faults in the same order; another seed differs', async () => {
    const plan: FaultPlan = { rate: 0.4, kinds: [500, 503, 429, 'invalid-json', 'truncate', 'reset'], seed: 99 };
    const run = async (p: FaultPlan): Promise<string> => {
      const net = await startSimulatedNetwork({ seed: 2, updates: 50, faults: p });
      try {
        for (let i = 0; i < 40; i++) await scanPage(net);
        for (let i = 0; i < 10; i++) await attempt(`${net.scanUrl}/v0/dso-party-id`);
        const { faults, routes } = net.stats();
        assert.ok(faults.length > 5, `only ${faults.length} faults`);
        const updates = routes.find((r) => r.route === 'POST /api/scan/v2/updates')!;
        assert.equal(updates.requests, 40);
        assert.equal(Object.values(updates.faults).reduce((a, b) => a + b, 0), faults.filter((f) => f.route === updates.route).length);
        return JSON.stringify(faults);
      } finally {
        await net.close();
      }
    };
    const a = await run(plan);
    assert.equal(await run(plan), a);
    assert.notEqual(await run({ ...plan, seed: 100 }), a);
  });

  it('applies per group: a scan-only plan never touches the ledger or the validator', async () => {
    const net = await startSimulatedNetwork({ seed: 3, updates: 50, faults: { rate: 1, kinds: [503], only: 'scan' } });
    try {
      const token = mintToken({ userId: 'alice', actAs: [net.party('alice')] });
      for (let i = 0; i < 5; i++) {
        const res = await scanPage(net);
        assert.equal(res.status, 503);
        assertDecodes('scan', 'ErrorResponse', JSON.parse(res.text));
        const ledger = await attempt(`${net.ledgerUrl}/v2/updates/get-updates-page`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ updateFormat: formatFor(net.party('alice')) }) });
        assert.equal(ledger.status, 200);
        const validator = await attempt(`${net.validatorUrl}/v0/scan-proxy/open-and-issuing-mining-rounds`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(validator.status, 200);
      }
      const groups = new Set(net.stats().faults.map((f) => f.route));
      assert.deepEqual([...groups], ['POST /api/scan/v2/updates']);
      net.setFaults({ rate: 1, kinds: [429], only: { groups: ['ledger'], routes: ['/v2/updates/get-updates-page'] }, retryAfterSeconds: 3 });
      const limited = await attempt(`${net.ledgerUrl}/v2/updates/get-updates-page`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ updateFormat: formatFor(net.party('alice')) }) });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers?.get('retry-after'), '3');
      assert.equal(obj(assertDecodes('ledger', 'JsCantonError', JSON.parse(limited.text)))['retryInfo'], '3 seconds');
      assert.equal((await scanPage(net)).status, 200);
    } finally {
      await net.close();
    }
  });

  it('each kind does what it says: 500/503 JSON errors, 429 text/plain with Retry-After, reset, truncate, invalid JSON, delay', async () => {
    const net = await startSimulatedNetwork({ seed: 4, updates: 50 });
    try {
      const only = (kind: FaultPlan['kinds'][number]): void => net.setFaults({ rate: 1, kinds: [kind], only: 'scan', delayMs: 15, retryAfterSeconds: 2 });
      only(500);
      let r = await scanPage(net);
      assert.equal(r.status, 500);
      assert.deepEqual(JSON.parse(r.text), { error: 'An unexpected error occurred.' });
      only(429);
      r = await scanPage(net);
      assert.equal(r.status, 429);
      assert.equal(r.text, 'Too Many Requests: Server is busy, please try again later.');
      assert.equal(r.headers?.get('retry-after'), '2');
      assert.match(r.headers?.get('content-type') ?? '', /^text\/plain/);
      only('reset');
      assert.equal((await scanPage(net)).status, 'network-error');
      only('truncate');
      assert.equal((await scanPage(net)).status, 'network-error');
      only('invalid-json');
      r = await scanPage(net);
      assert.equal(r.status, 200);
      assert.throws(() => JSON.parse(r.text));
      only('delay');
      const started = process.hrtime.bigint();
      r = await scanPage(net);
      assert.equal(r.status, 200);
      assert.ok(Number(process.hrtime.bigint() - started) / 1e6 >= 10);
      assertDecodes('scan', 'UpdateHistoryResponseV2', JSON.parse(r.text));
      net.setFaults(undefined);
      assert.equal((await scanPage(net)).status, 200);
      const stats = net.stats().routes.find((x) => x.route === 'POST /api/scan/v2/updates')!;
      assert.deepEqual(stats.faults, { '500': 1, '429': 1, reset: 1, truncate: 1, 'invalid-json': 1, delay: 1 });
      assert.equal(stats.statuses['reset'], 1);
      net.resetStats();
      assert.equal(net.stats().totalRequests, 0);
    } finally {
      await net.close();
    }
  });

  it('refuses an invalid plan', async () => {
    await assert.rejects(startSimulatedNetwork({ faults: { rate: 2, kinds: [500] } }), RangeError);
  });
});
