import assert from 'node:assert/strict';
import WebSocket from 'ws';
import * as E from 'fp-ts/lib/Either.js';
import { decodeWith } from '../../src/codecs/decodeWith';
import { JsCantonError } from '../../src/codecs/ledger/JsCantonError';
import { JsGetUpdatesResponse } from '../../src/codecs/ledger/Update';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';

interface Exchange {
  readonly protocol: string;
  readonly messages: unknown[];
  readonly close: number;
}

/** One raw exchange: open, send the request, gather every message until the server closes (bounded by the server's own end). */
const exchange = (url: string, protocols: string[], request: unknown): Promise<Exchange> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    const messages: unknown[] = [];
    socket.on('open', () => socket.send(JSON.stringify(request)));
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.on('close', (code) => resolve({ protocol: socket.protocol, messages, close: code }));
    socket.on('error', reject);
  });

/** The status of a refused upgrade. */
const refusal = (url: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['daml.ws.auth']);
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => reject(new Error('the upgrade was accepted')));
    socket.on('error', () => undefined);
  });

describe('simulated network: the ledger WebSocket channels (raw protocol)', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let ws: string;
  let token: string;
  let alice: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 4, updates: 120 });
    ws = net.ledgerUrl.replace('http:', 'ws:');
    alice = net.party('alice');
    token = mintToken({ userId: 'alice', actAs: [alice] });
  });
  after(() => net.close());
  afterEach(() => net.setWebSocketFaults(undefined));

  const request = () => ({ beginExclusive: 0, endInclusive: net.info().ledgerEnd, updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersByParty: { [alice]: {} } } } } });

  it('echoes daml.ws.auth, authenticates by jwt.token.<token>, sends one update per message and closes normally', async () => {
    const r = await exchange(`${ws}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth'], request());
    assert.equal(r.protocol, 'daml.ws.auth');
    assert.equal(r.close, 1000);
    assert.ok(r.messages.length > 3);
    for (const m of r.messages) assert.ok(E.isRight(decodeWith(JsGetUpdatesResponse)(m)), JSON.stringify(m).slice(0, 300));
  });

  it('without a token: one JsCantonError message (UNAUTHENTICATED), then a normal close', async () => {
    const r = await exchange(`${ws}/v2/updates`, ['daml.ws.auth'], request());
    assert.equal(r.close, 1000);
    assert.equal(r.messages.length, 1);
    const e = decodeWith(JsCantonError)(r.messages[0]);
    assert.ok(E.isRight(e) && e.right.code === 'UNAUTHENTICATED');
  });

  it('a request it cannot read: an INVALID_ARGUMENT error message', async () => {
    const r = await exchange(`${ws}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth'], { endInclusive: 3 });
    const e = decodeWith(JsCantonError)(r.messages[0]);
    assert.ok(E.isRight(e) && e.right.code === 'INVALID_ARGUMENT', JSON.stringify(r.messages));
  });

  it('refuses upgrades of unknown paths (404) and, as a fault, of its channels', async () => {
    assert.equal(await refusal(`${ws}/v2/nope`), 404);
    net.setWebSocketFaults({ refuseUpgrade: 503, connections: 1 });
    assert.equal(await refusal(`${ws}/v2/updates`), 503);
    const r = await exchange(`${ws}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth'], request());
    assert.equal(r.close, 1000, 'only one connection had the fault');
    assert.equal(net.webSocketStats().refused, 1);
  });

  it('faults: a socket cut after N messages (1006), a malformed message in place of message N+1', async () => {
    net.setWebSocketFaults({ dropAfter: 2 });
    const cut = await exchange(`${ws}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth'], request());
    assert.equal(cut.close, 1006);
    assert.equal(cut.messages.length, 2);
    net.setWebSocketFaults({ malformedAfter: 1 });
    const bad = await exchange(`${ws}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth'], request());
    assert.ok(E.isRight(decodeWith(JsGetUpdatesResponse)(bad.messages[0])));
    assert.deepEqual(bad.messages[1], { update: 42 });
    assert.ok(E.isRight(decodeWith(JsGetUpdatesResponse)(bad.messages[2])));
  });

  it('refuses a bad fault plan before it listens', async () => {
    await assert.rejects(startSimulatedNetwork({ webSocketFaults: { dropAfter: -1 } }), /dropAfter/);
    await assert.rejects(startSimulatedNetwork({ webSocketFaults: { channels: ['/v2/nope'] } }), /unknown channel/);
    assert.throws(() => net.setWebSocketFaults({ refuseUpgrade: 200 }), /refuseUpgrade/);
  });

  it('close() ends the sockets still open', async () => {
    const other = await startSimulatedNetwork({ seed: 4, updates: 50 });
    const socket = new WebSocket(`${other.ledgerUrl.replace('http:', 'ws:')}/v2/updates`, [`jwt.token.${token}`, 'daml.ws.auth']);
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('open', resolve));
    await other.close();
    assert.equal(await closed, 1006);
  });
});
