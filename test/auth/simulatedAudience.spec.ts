import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

/** The simulated network's audience check (SimulatedNetworkOptions.audience), as Canton 3.7 refuses tokens. */
describe('simulated network: the audience a JWT must carry', function () {
  this.timeout(30_000);
  const AUDIENCE = 'https://daml.com/jwt/aud/participant/sim';
  let net: SimulatedNetwork;
  let open: SimulatedNetwork;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'audience', updates: 5, audience: AUDIENCE, users: [{ userId: 'ops', token: 'opaque-ops-token', readAsAnyParty: true }] });
    open = await startSimulatedNetwork({ seed: 'audience', updates: 5 });
  });
  after(async () => {
    await net.close();
    await open.close();
  });

  const ledgerEnd = (n: SimulatedNetwork, token: string) => fetch(`${n.ledgerUrl}/v2/state/ledger-end`, { headers: { authorization: `Bearer ${token}` } });

  it('a JWT without the audience, or with another, is 401 UNAUTHENTICATED like any invalid token; with it (a string or in an array) it is served', async () => {
    for (const audience of [undefined, 'https://other.example']) {
      const res = await ledgerEnd(net, mintToken({ userId: 'ops', readAsAnyParty: true, ...(audience !== undefined ? { audience } : {}) }));
      assert.equal(res.status, 401);
      const body = (await res.json()) as { code: string; cause: string };
      assert.equal(body.code, 'UNAUTHENTICATED');
      assert.ok(!/audience/i.test(body.cause), 'the refusal does not say why');
    }
    assert.equal((await ledgerEnd(net, mintToken({ userId: 'ops', readAsAnyParty: true, audience: AUDIENCE }))).status, 200);
    const inArray = mintToken({ userId: 'ops', readAsAnyParty: true }).replace(/^([^.]+)\.([^.]+)\./, (_m, h: string, p: string) => `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), aud: ['x', AUDIENCE] })).toString('base64url')}.`);
    assert.equal((await ledgerEnd(net, inArray)).status, 200);
    assert.equal((await ledgerEnd(net, 'opaque-ops-token')).status, 200, 'opaque users tokens are not JWTs: not checked');
  });

  it('over a WebSocket too; and a network without the option checks no audience', async () => {
    const { default: WebSocket } = await import('ws');
    const refusal = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`${net.ledgerUrl.replace('http:', 'ws:')}/v2/updates`, [`jwt.token.${mintToken({ userId: 'ops', readAsAnyParty: true })}`, 'daml.ws.auth']);
      ws.on('open', () => ws.send(JSON.stringify({ beginExclusive: 0, endInclusive: 1, updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersForAnyParty: {} } } } })));
      ws.on('message', (data) => {
        resolve(String(data));
        ws.close();
      });
      ws.on('error', reject);
    });
    assert.equal((JSON.parse(refusal) as { code: string }).code, 'UNAUTHENTICATED');
    assert.equal((await ledgerEnd(open, mintToken({ userId: 'ops', readAsAnyParty: true }))).status, 200);
  });
});
