import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import WebSocket from 'ws';
import sinon from 'sinon';
import { createClient } from '../../src/clientFactory/createClient';
import type { CantonError } from '../../src/errors/CantonError';
import type { WebSocketConstructor } from '../../src/client/types';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { startServer, type TestServer } from '../helpers/server';
import { eventually, formatOf } from '../ws/helpers';

/** Fast retries, without jitter. */
const FAST = { initialDelayMs: 1, maxDelayMs: 1, random: () => 0 } as const;

/**
 * A token provider that keeps its token until told it was refused, as `oauthTokenSource` does:
 * `life` seconds from when it is minted (negative: already expired), on the (faked) wall clock.
 */
const provider = (life: () => number) => {
  let current: string | undefined;
  const refused: string[] = [];
  const source = Object.assign(() => (current ??= mintToken({ userId: 'ops', readAsAnyParty: true, expiresAt: Math.floor(Date.now() / 1000) + life() })), {
    refused: (token: string) => {
      refused.push(token);
      if (token === current) current = undefined;
    },
  });
  return { source, refused };
};

const isUnauthorized = (r: E.Either<CantonError, unknown> | undefined): boolean => r !== undefined && E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 401;

describe('a token refused under a read (401) is replaced once, over HTTP and WebSocket', function () {
  this.timeout(20_000);

  describe('one request (a scripted server)', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer((req) => (req.headers['authorization'] === 'Bearer fresh' ? { body: { dso_party_id: 'DSO::1220' } } : { status: 401, body: 'token expired' }));
    });
    after(() => server.close());

    it('a provider is told the refused token and asked again; the request is sent once more with the new one', async () => {
      const told: string[] = [];
      let next = 'stale';
      const token = Object.assign(() => next, { refused: (t: string) => (told.push(t), (next = 'fresh')) });
      const before = server.requests.length;
      const [r] = await collect(createClient({ validator: { url: server.url, token } }).validator.getDsoPartyId());
      assert.ok(r !== undefined && E.isRight(r), JSON.stringify(r));
      assert.deepEqual(told, ['stale']);
      assert.deepEqual(server.requests.slice(before).map((q) => q.headers['authorization']), ['Bearer stale', 'Bearer fresh']);
    });

    it('a second 401 is final: two requests, then the 401; a fixed token is not tried again', async () => {
      let before = server.requests.length;
      const [r] = await collect(createClient({ validator: { url: server.url, token: () => 'stale' } }).validator.getDsoPartyId());
      assert.ok(isUnauthorized(r), JSON.stringify(r));
      assert.equal(server.requests.length - before, 2);
      before = server.requests.length;
      const [fixed] = await collect(createClient({ validator: { url: server.url, token: 'stale' } }).validator.getDsoPartyId());
      assert.ok(isUnauthorized(fixed));
      assert.equal(server.requests.length - before, 1);
    });
  });

  describe('streams against the simulated participant (its expiry check reads the faked clock)', () => {
    let net: SimulatedNetwork;
    let clock: sinon.SinonFakeTimers;
    before(async () => {
      net = await startSimulatedNetwork({ seed: 31, updates: 40 });
    });
    after(() => net.close());
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    });
    afterEach(() => {
      clock.restore();
      net.setWebSocketFaults(undefined);
    });

    it('HTTP, in tail mode: the token expires while the read polls; it goes on with a new token, nothing lost or repeated', async () => {
      const { source, refused } = provider(() => 60);
      const client = createClient({ ledger: { url: net.ledgerUrl, token: source } });
      const alice = net.party('alice');
      const got: Array<E.Either<CantonError, unknown>> = [];
      const sub = client.ledger.updates({ updateFormat: formatOf(alice) }, { tail: { intervalMs: 5 }, retry: FAST }).subscribe((r) => got.push(r));
      try {
        const first = rights(await collect(createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'ops', readAsAnyParty: true }) } }).ledger.updates({ updateFormat: formatOf(alice) })));
        await eventually(() => got.length >= first.length, 'the history read');
        clock.tick(120_000);
        net.append(30);
        const all = rights(await collect(createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'ops', readAsAnyParty: true }) } }).ledger.updates({ updateFormat: formatOf(alice) })));
        assert.ok(all.length > first.length, 'the growth has updates for alice');
        await eventually(() => got.length >= all.length || got.some(E.isLeft), 'the growth read');
        assert.deepEqual(got, all.map((u) => E.right(u)));
        assert.equal(refused.length, 1, 'the expired token was refused once');
      } finally {
        sub.unsubscribe();
      }
    });

    it('WebSocket: a reconnection refused for an expired token reopens once with a new one, from the checkpoint', async () => {
      const { source, refused } = provider(() => 60);
      const client = createClient({ ledger: { url: net.ledgerUrl, token: source }, webSocket: WebSocket as unknown as WebSocketConstructor });
      const alice = net.party('alice');
      const end = net.info().ledgerEnd;
      net.setWebSocketFaults({ dropAfter: 3, connections: 1, channels: ['/v2/updates'] });
      // The connection is cut; by the time it is retried, the token has expired.
      const retry = { ...FAST, onRetry: () => clock.tick(120_000) };
      const got = await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry }));
      const paged = rights(await collect(createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'ops', readAsAnyParty: true }) } }).ledger.updates({ updateFormat: formatOf(alice) })));
      assert.ok(got.every(E.isRight), JSON.stringify(got.find(E.isLeft)));
      assert.deepEqual(rights(got), paged);
      assert.equal(refused.length, 1);
    });

    it('WebSocket: a second refusal in a row is final, the 401 handed on', async () => {
      const { source, refused } = provider(() => -10);
      const client = createClient({ ledger: { url: net.ledgerUrl, token: source }, webSocket: WebSocket as unknown as WebSocketConstructor });
      const opened = net.webSocketStats().opened;
      const got = await collect(client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(net.party('alice')) }, { retry: FAST, tail: { intervalMs: 5 } }));
      assert.equal(got.length, 1);
      assert.ok(isUnauthorized(got[0]), JSON.stringify(got[0]));
      assert.equal(refused.length, 2);
      assert.equal(net.webSocketStats().opened - opened, 2, 'one reconnection with a new token, no more');
    });
  });
});
