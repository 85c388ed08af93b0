import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { createClient } from '../../src/clientFactory/createClient';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { formatOf, recordingWebSocket } from './helpers';

describe('ledger.ws authentication', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let alice: string;
  let end: number;
  const secret = 'opaque-secret-token-of-ops';

  before(async () => {
    net = await startSimulatedNetwork({ seed: 5, updates: 150, users: [{ userId: 'ops', token: secret, readAsAnyParty: true }] });
    alice = net.party('alice');
    end = net.info().ledgerEnd;
  });
  after(() => net.close());
  afterEach(() => net.setWebSocketFaults(undefined));

  it('sends the token as the sub-protocol jwt.token.<token> beside daml.ws.auth, over ws: derived from the http: URL', async () => {
    const { ctor, opened } = recordingWebSocket();
    const client = createClient({ ledger: { url: `${net.ledgerUrl}/`, token: secret }, webSocket: ctor });
    const items = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) })));
    assert.ok(items.length > 0);
    assert.deepEqual(opened, [{ url: `${net.ledgerUrl.replace('http:', 'ws:')}/v2/updates`, protocols: [`jwt.token.${secret}`, 'daml.ws.auth'] }]);
  });

  it('asks the token provider once per socket, so a reconnect carries a fresh token', async () => {
    net.setWebSocketFaults({ dropAfter: 3 });
    let calls = 0;
    const { ctor, opened } = recordingWebSocket();
    const client = createClient({ ledger: { url: net.ledgerUrl, token: () => {
          calls++;
          return secret;
        } }, webSocket: ctor });
    const items = rights(await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0 } })));
    assert.ok(items.length > 3);
    assert.ok(opened.length > 1);
    assert.equal(calls, opened.length);
  });

  it('a token the participant refuses is an HttpError 401 that does not quote it', async () => {
    const bad = mintToken({ userId: 'mallory', actAs: [alice] }).replace(/\.[^.]*\./, '.bm90LWpzb24.');
    const client = createClient({ ledger: { url: net.ledgerUrl, token: bad } });
    const all = await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0 } }));
    assert.equal(all.length, 1);
    const only = all[0]!;
    assert.ok(E.isLeft(only) && only.left._tag === 'HttpError', JSON.stringify(only));
    assert.equal(only.left.status, 401);
    assert.ok(!JSON.stringify(only).includes(bad));
  });

  it('no error of a socket quotes the token: a refused upgrade, a dropped socket, a malformed message', async () => {
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secret } });
    const request = { beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) };
    const lefts = [];
    for (const plan of [{ refuseUpgrade: 401 }, { dropAfter: 2 }, { malformedAfter: 1 }]) {
      net.setWebSocketFaults(plan);
      const all = await collect(client.ledger.ws.updates(request));
      const last = all[all.length - 1]!;
      assert.ok(E.isLeft(last), JSON.stringify(plan));
      lefts.push(last.left);
    }
    assert.deepEqual(
      lefts.map((l) => l._tag),
      ['HttpError', 'NetworkError', 'DecodeError'],
    );
    assert.equal(lefts[0]!._tag === 'HttpError' && lefts[0].status, 401);
    for (const l of lefts) assert.ok(!JSON.stringify(l).includes(secret), JSON.stringify(l));
  });

  it('a refused upgrade with a retryable status is retried under the retry policy', async () => {
    net.setWebSocketFaults({ refuseUpgrade: 503, connections: 2 });
    const client = createClient({ ledger: { url: net.ledgerUrl, token: secret } });
    const retried: string[] = [];
    const items = rights(
      await collect(client.ledger.ws.updates({ beginExclusive: 0, endInclusive: end, updateFormat: formatOf(alice) }, { retry: { initialDelayMs: 0, onRetry: (r) => retried.push(r.error._tag === 'HttpError' ? String(r.error.status) : r.error._tag) } })),
    );
    assert.ok(items.length > 0);
    assert.deepEqual(retried, ['503', '503']);
    assert.equal(net.webSocketStats().refused >= 2, true);
  });
});
