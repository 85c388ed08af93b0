/**
 * The open mining rounds follow the network's clock (issue 31 §3): a client that asks for the
 * round open now (the official `getActiveOpenMiningRound`: of the open rounds with
 * `opensAt <= now < targetClosesAt`, the one that opened last) finds one, a new one opens as the
 * clock moves on, and the history itself does not depend on the clock.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ScanClient, ScanProxyClient } from '@canton-network/core-splice-client';
import sinon from 'sinon';
import { manualClock, mintToken, startSimulatedNetwork, startSimulatedScans, type SimulatedClock, type SimulatedNetwork } from '../../src/testkit/index.js';
import { obj, scanHistory } from './helpers.js';

type Logger = ConstructorParameters<typeof ScanClient>[1];
type TokenProvider = ConstructorParameters<typeof ScanClient>[2];
const quiet: Logger = new Proxy({}, { get: (_t, p) => (p === 'child' ? () => quiet : () => undefined) }) as Logger;
const bearer = (token: string): TokenProvider => ({ getAccessToken: () => Promise.resolve(token) }) as unknown as TokenProvider;

interface RoundPayload {
  readonly round: { readonly number: string };
  readonly opensAt: string;
  readonly targetClosesAt: string;
}
const payloadOf = (c: { payload: unknown } | null): RoundPayload => {
  assert.ok(c !== null, 'a round open now');
  return c.payload as RoundPayload;
};
const activeAt = (p: RoundPayload, nowMs: number): boolean => Date.parse(p.opensAt) <= nowMs && nowMs < Date.parse(p.targetClosesAt);

/** Scan's open rounds, as `getActiveOpenMiningRound` reads them. */
const openRounds = async (scanUrl: string): Promise<RoundPayload[]> => {
  const res = await fetch(`${scanUrl}/v0/open-and-issuing-mining-rounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] }) });
  assert.equal(res.status, 200);
  return Object.values(obj(obj(await res.json())['open_mining_rounds'])).map((c) => obj(obj(c)['contract'])['payload'] as RoundPayload);
};
/** The official rule, on a reading of our own clock. */
const activeRound = (rounds: readonly RoundPayload[], nowMs: number): RoundPayload | undefined =>
  rounds.filter((p) => activeAt(p, nowMs)).sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt)).at(-1);

describe('testkit: mining rounds follow a clock', function () {
  this.timeout(30_000);

  describe('the wall clock (default)', () => {
    let net: SimulatedNetwork;
    before(async () => {
      net = await startSimulatedNetwork({ seed: 'rounds-wall', updates: 40 });
    });
    after(() => net?.close());

    it("the official clients' getActiveOpenMiningRound finds the round open now, on Scan and on the scan-proxy", async () => {
      const scan = payloadOf(await new ScanClient(new URL(net.scanUrl), quiet, bearer('')).getActiveOpenMiningRound());
      assert.ok(activeAt(scan, Date.now()), JSON.stringify(scan));
      const token = mintToken({ userId: 'alice', actAs: [net.party('alice')] });
      const proxy = payloadOf(await new ScanProxyClient(new URL(net.validatorUrl), quiet, bearer(token)).getActiveOpenMiningRound());
      assert.equal(proxy.round.number, scan.round.number);
    });

    it('a new round opens as the wall clock moves on (fake timers), computed on request', async () => {
      const fake = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
      try {
        const before = activeRound(await openRounds(net.scanUrl), Date.now())!;
        fake.tick(20_000);
        const after = activeRound(await openRounds(net.scanUrl), Date.now())!;
        assert.equal(Number(after.round.number), Number(before.round.number) + 1);
        fake.tick(10 * 60_000);
        const later = activeRound(await openRounds(net.scanUrl), Date.now())!;
        assert.equal(Number(later.round.number), Number(before.round.number) + 31);
        const dso = obj(obj(obj(await (await fetch(`${net.scanUrl}/v0/dso`)).json())['latest_mining_round'])['contract']);
        assert.equal(Number((dso['payload'] as RoundPayload).round.number), Number(later.round.number) + 1, 'the latest round is the one that opens next');
      } finally {
        fake.restore();
      }
    });
  });

  it('a fixed clock: the rounds open at that instant, two of three, the next a tick later', async () => {
    const fixed = '2030-03-01T12:00:00Z';
    const net = await startSimulatedNetwork({ seed: 'rounds-fixed', updates: 40, clock: { fixed } });
    try {
      const rounds = await openRounds(net.scanUrl);
      const at = Date.parse(fixed);
      assert.equal(rounds.filter((p) => activeAt(p, at)).length, 2);
      const numbers = rounds.map((p) => Number(p.round.number));
      assert.deepEqual(numbers, [numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);
      const newest = rounds[2]!;
      assert.ok(Date.parse(newest.opensAt) > at && Date.parse(newest.opensAt) <= at + 20_000, newest.opensAt);
      assert.deepEqual(await openRounds(net.scanUrl), rounds, 'a fixed clock answers the same');
    } finally {
      await net.close();
    }
  });

  it('a manual clock moves the rounds of every simulated Scan; before the history ends, the history has its own', async () => {
    const clock = manualClock('2025-06-01T00:00:00Z');
    const set = await startSimulatedScans({ seed: 'rounds-manual', updates: 40, scans: [{}, {}], clock });
    try {
      const history = await openRounds(set.urls[0]!);
      // The history's own rounds (the clock reads before its newest opens): the newest opens last.
      const newestOpens = Date.parse(history[2]!.opensAt);
      assert.ok(newestOpens > Date.parse(history[1]!.opensAt));
      // (Its opensAt has microseconds; the clock reads whole milliseconds: one more is past it.)
      clock.set(new Date(newestOpens + 1).toISOString());
      const next = await openRounds(set.urls[1]!);
      assert.deepEqual(next.slice(0, 2), history.slice(1), 'the advance due when the newest opens: the oldest closes, one more is created');
      assert.equal(Number(next[2]!.round.number), Number(history[2]!.round.number) + 1);
      clock.advance(3_600_000);
      const hour = await openRounds(set.urls[0]!);
      assert.equal(Number(activeRound(hour, Date.parse(clock.now()))!.round.number), Number(history[2]!.round.number) + 180, "an hour is 180 ticks");
      assert.deepEqual(await openRounds(set.urls[1]!), hour, 'every Scan of the set serves the same rounds');
    } finally {
      await set.close();
    }
  });

  it('the history does not depend on the clock: the same updates, byte for byte, under any clock', async () => {
    const digest = async (clock: SimulatedClock): Promise<string> => {
      const net = await startSimulatedNetwork({ seed: 'rounds-history', updates: 60, clock });
      try {
        return createHash('sha256').update(JSON.stringify((await scanHistory(net, 'v2')).items)).digest('hex');
      } finally {
        await net.close();
      }
    };
    assert.equal(await digest('wall'), await digest({ fixed: '2030-01-01T00:00:00Z' }));
  });

  it('a clock that is not one is refused before anything listens', async () => {
    await assert.rejects(startSimulatedNetwork({ clock: { fixed: 'yesterday' } }), /clock\.fixed must be an ISO-8601 instant/);
    await assert.rejects(startSimulatedNetwork({ clock: 'local' as unknown as SimulatedClock }), /clock must be 'wall'/);
    assert.throws(() => manualClock('2026-01-01T00:00:00'), /with its zone/);
    assert.throws(() => manualClock('2026-01-01T00:00:00Z').advance(-1), /≥ 0/);
  });
});
