import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import WebSocket from 'ws';
import { createClient } from '../../src/clientFactory/createClient';
import type { WebSocketConstructor } from '../../src/client/types';
import type { Update } from '../../src/codecs/ledger/Update';
import { formatOf } from './helpers';
import { numberedUpdates, startSilentServer, type SilentServer } from './silentServer';

/** The fixture's updates, the fifth under an update kind no spec names. */
const withUnknownKind = (): Update[] =>
  numberedUpdates().map((u, i) => (i === 4 ? ({ FutureUpdateKind: Object.values(u)[0] } as unknown as Update) : u));

describe('ledger.ws.updates and an update kind this version does not know (issue 20)', function () {
  this.timeout(20_000);
  const updates = withUnknownKind();
  const request = { beginExclusive: 0, endInclusive: updates.length, updateFormat: formatOf('alice::1220') };
  let server: SilentServer;
  beforeEach(async () => (server = await startSilentServer(updates, { silentAfter: 0, silentConnections: 0 })));
  afterEach(() => server.close());
  const ws = WebSocket as unknown as WebSocketConstructor;

  it('hands the unknown update on, as it came, and goes on', async () => {
    const client = createClient({ ledger: { url: server.url, token: 'opaque-token-1' }, webSocket: ws });
    const got = await lastValueFrom(client.ledger.ws.updates(request).pipe(toArray()));
    assert.ok(got.every(E.isRight));
    const values = got.map((r) => (r as E.Right<Update>).right);
    assert.equal(values.length, updates.length);
    assert.deepEqual(values[4], updates[4]);
    assert.ok(Object.keys(values[4]!).includes('FutureUpdateKind'));
  });

  it('ends with the DecodeError naming it when strict, per stream or for the whole client', async () => {
    for (const [client, options] of [
      [createClient({ ledger: { url: server.url, token: 'opaque-token-1' }, webSocket: ws }), { strict: true }],
      [createClient({ ledger: { url: server.url, token: 'opaque-token-1' }, webSocket: ws, strict: true }), {}],
    ] as const) {
      const got = await lastValueFrom(client.ledger.ws.updates(request, options).pipe(toArray()));
      assert.equal(got.filter(E.isRight).length, 4);
      const last = got.at(-1)!;
      assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && JSON.stringify(last.left).includes('FutureUpdateKind'), JSON.stringify(last));
    }
  });
});
