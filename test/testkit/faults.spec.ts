import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type FaultPlan, type SimulatedNetwork } from '../../src/testkit/index.js';
import { assertDecodes, formatFor, obj } from './helpers.js';

interface Outcome {
  /** `'no-response'` when the connection broke before the status line. */
  readonly status: number | 'no-response';
  readonly text: string;
  /** The status and headers came, the body broke off. */
  readonly bodyBroken: boolean;
  readonly headers?: Headers;
}

/** fetch's own way of failing on a broken connection (anything else is a bug of the test and is rethrown). */
const connectionFailure = (e: unknown): boolean => e instanceof TypeError;

/** One request, telling a connection reset from a body cut short. */
const attempt = async (url: string, init?: RequestInit): Promise<Outcome> => {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    if (!connectionFailure(e)) throw e;
    return { status: 'no-response', text: '', bodyBroken: false };
  }
  try {
    return { status: res.status, text: await res.text(), bodyBroken: false, headers: res.headers };
  } catch (e) {
    if (!connectionFailure(e)) throw e;
    return { status: res.status, text: '', bodyBroken: true, headers: res.headers };
  }
};

const scanPage = (net: SimulatedNetwork): Promise<Outcome> =>
  attempt(`${net.scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 5 }) });

/** Waits (1 ms at a time, at most `tries` times) until `done()` holds. */
const waitFor = async (done: () => boolean, tries = 500): Promise<void> => {
  for (let i = 0; i < tries && !done(); i++) await new Promise((r) => setTimeout(r, 1));
  assert.ok(done(), 'gave up waiting');
};

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
      const only = (kind: FaultPlan['kinds'][number]): void => net.setFaults({ rate: 1, kinds: [kind], only: 'scan', delayMs: 5, retryAfterSeconds: 2 });
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
      assert.equal((await scanPage(net)).status, 'no-response');
      only('truncate');
      r = await scanPage(net);
      assert.equal(r.status, 200, 'a truncated answer has its status line and headers');
      assert.equal(r.bodyBroken, true);
      only('invalid-json');
      r = await scanPage(net);
      assert.equal(r.status, 200);
      assert.equal(r.bodyBroken, false);
      assert.throws(() => JSON.parse(r.text));
      only('delay');
      const started = process.hrtime.bigint();
      r = await scanPage(net);
      assert.equal(r.status, 200);
      assert.ok(Number(process.hrtime.bigint() - started) / 1e6 >= 4);
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

  it('refuses an invalid plan, at start and at run time', async () => {
    const bad: FaultPlan[] = [
      { rate: 2, kinds: [500] },
      { rate: 0.5, kinds: [] },
      { rate: 0.5, kinds: [404 as unknown as FaultPlan['kinds'][number]] },
      { rate: 0.5, kinds: [429], retryAfterSeconds: -1 },
      { rate: 0.5, kinds: [429], retryAfterSeconds: 1.5 },
      { rate: 0.5, kinds: ['delay'], delayMs: Number.NaN },
      { rate: 0.5, kinds: ['delay'], delayMs: -5 },
    ];
    for (const plan of bad) await assert.rejects(startSimulatedNetwork({ updates: 5, faults: plan }), RangeError, JSON.stringify(plan));
    const net = await startSimulatedNetwork({ seed: 1, updates: 5 });
    try {
      for (const plan of bad) assert.throws(() => net.setFaults(plan), RangeError, JSON.stringify(plan));
    } finally {
      await net.close();
    }
  });

  it("a delay does not keep the process alive, and a request delayed past close() changes nothing", async () => {
    const net = await startSimulatedNetwork({ seed: 6, updates: 20 });
    const timeouts = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    try {
      net.setFaults({ rate: 1, kinds: ['delay'], delayMs: 60_000, only: 'scan' });
      const baseline = timeouts();
      const pending = scanPage(net);
      await waitFor(() => net.stats().faults.length === 1);
      assert.equal(timeouts(), baseline, 'the delay timer is ref\'d');
      await net.close();
      assert.equal((await pending).status, 'no-response');
    } finally {
      await net.close();
    }

    const other = await startSimulatedNetwork({ seed: 6, updates: 20 });
    try {
      other.setFaults({ rate: 1, kinds: ['delay'], delayMs: 5, only: 'validator' });
      const token = mintToken({ userId: 'alice', actAs: [other.party('alice')] });
      const pending = attempt(`${other.validatorUrl}/v0/entry/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'late.unverified.cns', url: '', description: '' }),
      });
      await waitFor(() => other.stats().faults.length === 1);
      await other.close();
      assert.equal((await pending).status, 'no-response');
      await new Promise((r) => setTimeout(r, 10));
      assert.equal(other.info().updates, 20, 'the delayed handler ran after close()');
      assert.deepEqual(other.info().pendingSubscriptions, []);
    } finally {
      await other.close();
    }
  });
});
