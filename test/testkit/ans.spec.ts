import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { arr, assertDecodes, formatFor, get, ledgerHistory, obj, post, scanHistory, unwrap } from './helpers.js';

describe('testkit: the ANS entry lifecycle', () => {
  let net: SimulatedNetwork;
  let alice: string;
  let token: string;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 41, updates: 120, users: [{ userId: 'alice-user', token: 'alice-opaque', actAs: [] }] });
    alice = net.party('alice');
    token = mintToken({ userId: 'alice', actAs: [alice] });
  });
  after(() => net.close());

  const create = (body: unknown, t: string | null = token) => post(`${net.validatorUrl}/v0/entry/create`, body, t ?? undefined);

  it('create → subscription request; acceptSubscription → the entry exists and its transactions are in Scan and in alice\'s ledger', async () => {
    const before = net.info().updates;
    const res = await create({ name: 'my-app.unverified.cns', url: 'https://my-app.example.com', description: 'My app' });
    assert.equal(res.status, 200, res.text);
    const body = obj(assertDecodes('validator', 'CreateAnsEntryResponse', res.json()));
    assert.equal(body['name'], 'my-app.unverified.cns');
    assert.equal(body['url'], 'https://my-app.example.com');
    assert.equal(body['description'], 'My app');
    const requestCid = body['subscriptionRequestCid'] as string;
    assert.deepEqual(net.info().pendingSubscriptions, [requestCid]);
    assert.equal(net.info().updates, before + 1);

    const entry = net.acceptSubscription(requestCid);
    assert.equal(entry.name, 'my-app.unverified.cns');
    assert.equal(entry.user, alice);
    assert.deepEqual(net.info().pendingSubscriptions, []);
    assert.deepEqual(net.info().ansEntries.map((e) => e.name), ['my-app.unverified.cns']);
    assert.throws(() => net.acceptSubscription(requestCid));

    const { items } = await scanHistory(net, 'v2', 1000);
    const created = items.flatMap((i) => Object.values(obj(i['events_by_id'] ?? {})).map(obj)).filter((e) => e['event_type'] === 'created_event');
    const entryEvent = created.find((e) => e['contract_id'] === entry.entryCid);
    assert.ok(entryEvent !== undefined, 'the AnsEntry create is in the Scan history');
    assert.ok((entryEvent['template_id'] as string).endsWith(':Splice.Ans:AnsEntry'));
    assert.equal(obj(entryEvent['create_arguments'])['name'], 'my-app.unverified.cns');
    assert.ok(created.some((e) => e['contract_id'] === requestCid));

    const ledger = (await ledgerHistory(net, token, formatFor(alice), { maxPageSize: 2000 })).updates.map(unwrap);
    const contractIds = ledger.flatMap((u) => arr(u.value['events'] ?? []).map((e) => obj(Object.values(obj(e))[0])['contractId']));
    assert.ok(contractIds.includes(entry.entryCid) && contractIds.includes(requestCid));

    const all = await get(`${net.validatorUrl}/v0/entry/all`, token);
    assert.deepEqual(arr(obj(all.json())['entries']).map((e) => obj(e)['name']), ['my-app.unverified.cns']);
  });

  it('validates like the real server: name suffix, url (empty or valid, ≤ 255), description ≤ 140 → 400 {"error"}', async () => {
    const bad = [
      { name: 'my-app.cns', url: '', description: '' },
      { name: 'my-app.unverified.ans', url: '', description: '' },
      { name: 'x.unverified.cns', url: 'not a url', description: '' },
      { name: 'x.unverified.cns', url: `https://example.com/${'a'.repeat(240)}`, description: '' },
      { name: 'x.unverified.cns', url: '', description: 'd'.repeat(141) },
    ];
    for (const b of bad) {
      const res = await create(b);
      assert.equal(res.status, 400, JSON.stringify(b));
      assertDecodes('validator', 'ErrorResponse', res.json());
    }
    assert.equal((await create({ name: 'ok.unverified.cns', url: '', description: 'd'.repeat(140) })).status, 200);
    assert.equal((await create({ name: 'ok2.unverified.cns', url: `https://example.com/${'a'.repeat(235)}`, description: '' })).status, 200);
    const malformed = await create({ name: 'only-name.unverified.cns' });
    assert.equal(malformed.status, 400);
  });

  it('a missing or invalid token is 401 text/plain; a user without a wallet is 404', async () => {
    for (const t of [null, 'not-a-token']) {
      const res = await create({ name: 'x.unverified.cns', url: '', description: '' }, t);
      assert.equal(res.status, 401);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    }
    const noWallet = await create({ name: 'x.unverified.cns', url: '', description: '' }, 'alice-opaque');
    assert.equal(noWallet.status, 404);
    assert.deepEqual(noWallet.json(), { error: "No wallet found for user 'alice-user' for operation 'createAnsEntry'" });
  });

  it('the acronym is an option', async () => {
    const other = await startSimulatedNetwork({ seed: 1, updates: 10, ansAcronym: 'ans' });
    try {
      const t = mintToken({ userId: 'bob', actAs: [other.party('bob')] });
      assert.equal((await post(`${other.validatorUrl}/v0/entry/create`, { name: 'b.unverified.ans', url: '', description: '' }, t)).status, 200);
      assert.equal((await post(`${other.validatorUrl}/v0/entry/create`, { name: 'b.unverified.cns', url: '', description: '' }, t)).status, 400);
    } finally {
      await other.close();
    }
  });
});
