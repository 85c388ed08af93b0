import assert from 'node:assert/strict';
import { renewingToken } from '../../src/auth/renewingToken';
import { createClient } from '../../src/clientFactory/createClient';
import type { Update } from '../../src/codecs/ledger/Update';
import { isHeartbeat } from '../../src/streams/isHeartbeat';
import type { Heartbeat } from '../../src/streams/heartbeat';
import type { LedgerCheckpoint } from '../../src/streams/checkpoints';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';
import { eventually, formatOf, recordingWebSocket } from '../ws/helpers';

/** The sub-protocol that carries the token. */
const tokenOf = (protocols: string[]): string => protocols.find((p) => p.startsWith('jwt.token.'))!.slice('jwt.token.'.length);

describe('ledger.ws re-authenticates on renewal (a token source that tells when it renews)', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  const AUDIENCE = 'https://daml.com/jwt/aud/participant/sim';

  before(async () => {
    net = await startSimulatedNetwork({ seed: 23, updates: 60, audience: AUDIENCE });
  });
  after(() => net.close());

  it('reconnects from the checkpoint with the new token before the old one expires: nothing lost, nothing repeated', async () => {
    let issued = 0;
    // The cache oauthTokenSource uses, with tokens that live 10 minutes and are renewed every 40 ms.
    const source = renewingToken(
      async () => ({ token: mintToken({ userId: 'ops', readAsAnyParty: true, audience: AUDIENCE, expiresAt: Math.floor(Date.now() / 1000) + 600 + issued++ }), renewsAt: Date.now() + 40 }),
      () => Date.now(),
    );
    const { ctor, opened } = recordingWebSocket();
    const client = createClient({ ledger: { url: net.ledgerUrl, token: source }, webSocket: ctor });
    const alice = net.party('alice');
    const got: Array<Update | Heartbeat<LedgerCheckpoint>> = [];
    const sub = client.ledger.ws.updates({ beginExclusive: 0, updateFormat: formatOf(alice) }, { heartbeats: true }).subscribe((r) => got.push(rights([r])[0]!));
    try {
      await eventually(() => opened.length >= 2, 'a reconnect for the renewal');
      net.append(40);
      const end = net.info().ledgerEnd;
      await eventually(() => opened.length >= 4 && got.some((g) => isHeartbeat(g) && g.checkpoint?.offset === end), 'caught up with the growth, across renewals');
    } finally {
      sub.unsubscribe();
    }
    const tokens = opened.map((o) => tokenOf(o.protocols));
    assert.equal(new Set(tokens).size, tokens.length, 'every socket opened with a new token');
    const paged = rights(await collect(createClient({ ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'ops', readAsAnyParty: true, audience: AUDIENCE }) } }).ledger.updates({ updateFormat: formatOf(alice) })));
    assert.ok(paged.length > 0);
    assert.deepEqual(got.filter((g) => !isHeartbeat(g)), paged);
  });
});
