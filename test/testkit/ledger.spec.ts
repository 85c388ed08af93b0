import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { arr, assertDecodes, formatFor, get, ledgerHistory, obj, post, unwrap, type Obj } from './helpers.js';

const PAGE = '/v2/updates/get-updates-page';

describe('testkit: the ledger (get-updates-page, idps, traffic)', () => {
  let net: SimulatedNetwork;
  let alice: string;
  let bob: string;
  let token: string;
  let format: Obj;
  let all: Obj[];
  const offsets = (updates: Obj[]): number[] => updates.map((u) => unwrap(u).value['offset'] as number);

  before(async () => {
    net = await startSimulatedNetwork({ seed: 21, updates: 500, trafficEnforcement: true, users: [{ userId: 'bob-user', token: 'opaque-bob', actAs: [] }] });
    alice = net.party('alice');
    bob = net.party('bob');
    token = mintToken({ userId: 'alice', actAs: [alice], readAs: [bob] });
    format = formatFor(alice);
    all = (await ledgerHistory(net, token, format, { maxPageSize: 2000 })).updates;
    assert.ok(all.length > 30);
  });
  after(() => net.close());

  const page = async (body: Obj, t: string = token) => {
    const res = await post(`${net.ledgerUrl}${PAGE}`, body, t);
    return { res, body: res.status === 200 ? obj(assertDecodes('ledger', 'JsGetUpdatesPageResponse', res.json())) : obj(res.json()) };
  };
  const cantonError = (res: { status: number; json(): unknown }, status: number, code: string): Obj => {
    assert.equal(res.status, status);
    const e = obj(assertDecodes('ledger', 'JsCantonError', res.json()));
    assert.equal(e['code'], code);
    return e;
  };

  it('page size 1 walks every update one by one, the same as one big page', async () => {
    const { updates, pages } = await ledgerHistory(net, token, format, { maxPageSize: 1 });
    assert.deepEqual(updates, all);
    for (let i = 1; i < pages.length; i++) assert.equal(pages[i]!['lowestPageOffsetExclusive'], pages[i - 1]!['highestPageOffsetInclusive']);
  });

  it('an exact end: the page that reaches endOffsetInclusive has no nextPageToken', async () => {
    const end = offsets(all)[9]!;
    const { body } = await page({ updateFormat: format, endOffsetInclusive: end, maxPageSize: 10 });
    assert.equal(arr(body['updates']).length, 10);
    assert.equal(body['highestPageOffsetInclusive'], end);
    assert.ok(!('nextPageToken' in body));
    const more = await page({ updateFormat: format, endOffsetInclusive: end, maxPageSize: 9 });
    assert.equal(typeof more.body['nextPageToken'], 'string');
  });

  it('after the end: an empty page; tailing (no end, ascending) always returns a token that later sees new updates', async () => {
    const end = net.info().ledgerEnd;
    const empty = await page({ updateFormat: format, beginOffsetExclusive: end });
    assert.deepEqual(empty.body['updates'], []);
    assert.equal(empty.body['lowestPageOffsetExclusive'], end);
    assert.equal(empty.body['highestPageOffsetInclusive'], end);
    const tail = empty.body['nextPageToken'];
    assert.equal(typeof tail, 'string');
    const bounded = await page({ updateFormat: format, beginOffsetExclusive: offsets(all)[0]!, endOffsetInclusive: offsets(all)[0]! });
    assert.deepEqual(bounded.body['updates'], []);
    assert.ok(!('nextPageToken' in bounded.body));
    for (let i = 0; i < 20 && net.info().ledgerEnd === end; i++) net.append(20);
    let seen: unknown[] = [];
    for (let i = 0; i < 50 && seen.length === 0; i++) {
      net.append(10);
      seen = arr((await page({ updateFormat: format, beginOffsetExclusive: end, pageToken: tail })).body['updates']);
    }
    assert.ok(seen.length > 0, 'tailing never saw an appended update');
    assert.ok(offsets(seen.map((u) => obj(obj(u)['update'])))[0]! > end);
  });

  it('descending order walks the same updates backwards', async () => {
    const end = offsets(all)[all.length - 1]!;
    const { updates, pages } = await ledgerHistory(net, token, format, { maxPageSize: 7, descending: true, end });
    assert.deepEqual(updates, [...all].reverse());
    assert.ok(!('nextPageToken' in pages[pages.length - 1]!));
    assert.equal(pages[0]!['highestPageOffsetInclusive'], end);
  });

  it('a page token is bound to begin, end, format and order: reused otherwise it is INVALID_UPDATES_PAGE_TOKEN', async () => {
    const end = offsets(all)[20]!;
    const first = await page({ updateFormat: format, endOffsetInclusive: end, maxPageSize: 5 });
    const pageToken = first.body['nextPageToken'] as string;
    assert.match(pageToken, /^[A-Za-z0-9+/]+=*$/);
    const ok = await page({ updateFormat: format, endOffsetInclusive: end, maxPageSize: 50, pageToken });
    assert.equal(ok.res.status, 200);
    for (const changed of [
      { updateFormat: format, endOffsetInclusive: end - 1, pageToken },
      { updateFormat: format, endOffsetInclusive: end, beginOffsetExclusive: 1, pageToken },
      { updateFormat: formatFor(alice, 'TRANSACTION_SHAPE_ACS_DELTA'), endOffsetInclusive: end, pageToken },
      { updateFormat: format, endOffsetInclusive: end, descendingOrder: true, pageToken },
      { updateFormat: format, endOffsetInclusive: end, pageToken: 'bm90IGEgdG9rZW4=' },
    ])
      cantonError((await page(changed)).res, 400, 'INVALID_UPDATES_PAGE_TOKEN');
  });

  it('maxPageSize defaults to 100 and must be within 1..2000 (400 INVALID_ARGUMENT)', async () => {
    const reader = mintToken({ userId: 'reader', readAs: net.hostedParties });
    const everyone = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat: { filtersByParty: Object.fromEntries(net.hostedParties.map((p) => [p, {}])) } } };
    const total = arr((await page({ updateFormat: everyone, maxPageSize: 2000 }, reader)).body['updates']).length;
    assert.ok(total > 100, `only ${total} updates`);
    const { body } = await page({ updateFormat: everyone }, reader);
    assert.equal(arr(body['updates']).length, 100);
    for (const maxPageSize of [0, 2001, -1]) {
      const e = cantonError((await page({ updateFormat: format, maxPageSize })).res, 400, 'INVALID_ARGUMENT');
      assert.equal(e['errorCategory'], 8);
    }
    assert.equal((await page({ updateFormat: format, maxPageSize: 2000 })).res.status, 200);
  });

  it('a pruned offset: begin below it is 400 PARTICIPANT_PRUNED_DATA_ACCESSED (category 9, FAILED_PRECONDITION); begin 0 starts at it', async () => {
    const pruned = await startSimulatedNetwork({ seed: 21, updates: 500, pruningOffset: offsets(all)[5]! });
    try {
      const res = await post(`${pruned.ledgerUrl}${PAGE}`, { updateFormat: format, beginOffsetExclusive: offsets(all)[2]! }, token);
      const e = cantonError(res, 400, 'PARTICIPANT_PRUNED_DATA_ACCESSED');
      assert.equal(e['errorCategory'], 9);
      assert.equal(e['grpcCodeValue'], 9);
      const fromStart = obj((await post(`${pruned.ledgerUrl}${PAGE}`, { updateFormat: format, beginOffsetExclusive: 0, maxPageSize: 3 }, token)).json());
      assert.equal(fromStart['lowestPageOffsetExclusive'], offsets(all)[5]);
      assert.deepEqual(offsets(arr(fromStart['updates']).map((u) => obj(obj(u)['update']))), offsets(all).slice(6, 9));
      pruned.prune(offsets(all)[10]!);
      cantonError(await post(`${pruned.ledgerUrl}${PAGE}`, { updateFormat: format, beginOffsetExclusive: offsets(all)[7]! }, token), 400, 'PARTICIPANT_PRUNED_DATA_ACCESSED');
    } finally {
      await pruned.close();
    }
  });

  it('ACS delta: Created and Archived events of contracts alice is a stakeholder of; ledger effects: Created and Exercised with node ids', async () => {
    const acs = (await ledgerHistory(net, token, formatFor(alice, 'TRANSACTION_SHAPE_ACS_DELTA'), { maxPageSize: 2000 })).updates;
    const kinds = new Set<string>();
    for (const u of acs.map(unwrap).filter((u) => u.kind === 'Transaction')) {
      for (const e of arr(u.value['events']).map(obj)) {
        const [k] = Object.keys(e);
        kinds.add(k!);
        const ev = obj(e[k!]);
        assert.deepEqual(ev['witnessParties'], [alice]);
        if (k === 'CreatedEvent') assert.ok(arr(ev['signatories']).includes(alice) || arr(ev['observers']).includes(alice));
      }
    }
    assert.deepEqual([...kinds].sort(), ['ArchivedEvent', 'CreatedEvent']);
    const effects = new Set<string>();
    for (const u of all.map(unwrap).filter((u) => u.kind === 'Transaction')) {
      for (const e of arr(u.value['events']).map(obj)) {
        const [k] = Object.keys(e);
        effects.add(k!);
        const ev = obj(e[k!]);
        assert.equal(ev['offset'], u.value['offset']);
        if (k === 'ExercisedEvent') assert.ok((ev['lastDescendantNodeId'] as number) >= (ev['nodeId'] as number));
      }
    }
    assert.deepEqual([...effects].sort(), ['CreatedEvent', 'ExercisedEvent']);
  });

  it('reassignments appear as JsAssignmentEvent (flat) and JsUnassignedEvent ({value}) when includeReassignments is set', async () => {
    const events = all
      .map(unwrap)
      .filter((u) => u.kind === 'Reassignment')
      .flatMap((u) => arr(u.value['events']).map(obj));
    const assign = events.find((e) => 'JsAssignmentEvent' in e);
    const unassign = events.find((e) => 'JsUnassignedEvent' in e);
    assert.ok(assign !== undefined && unassign !== undefined);
    assert.ok('createdEvent' in obj(assign['JsAssignmentEvent']));
    assert.ok('reassignmentId' in obj(obj(unassign['JsUnassignedEvent'])['value']));
    const without = (await ledgerHistory(net, token, { includeTransactions: formatFor(alice)['includeTransactions'] }, { maxPageSize: 2000 })).updates;
    assert.ok(without.every((u) => unwrap(u).kind === 'Transaction'));
  });

  it('template filters narrow the events', async () => {
    const templateId = '#splice-amulet:Splice.Amulet:Amulet';
    const f = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersByParty: { [alice]: { cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: true } } } }] } } } } };
    const { updates } = await ledgerHistory(net, token, f, { maxPageSize: 2000 });
    assert.ok(updates.length > 0);
    let created = 0;
    for (const u of updates) for (const e of arr(unwrap(u).value['events']).map(obj)) {
      const ev = obj(Object.values(e)[0]);
      assert.ok((ev['templateId'] as string).endsWith(':Splice.Amulet:Amulet'));
      if ('CreatedEvent' in e) {
        created += 1;
        assert.match(ev['createdEventBlob'] as string, /^[A-Za-z0-9+/]+=*$/);
      }
    }
    assert.ok(created > 0, 'no CreatedEvent to check the blob of');
    const all = (await ledgerHistory(net, token, format, { maxPageSize: 2000 })).updates;
    const blobs = all.flatMap((u) => arr(unwrap(u).value['events'] ?? []).map(obj)).filter((e) => 'CreatedEvent' in e).map((e) => obj(e['CreatedEvent'])['createdEventBlob']);
    assert.ok(blobs.length > 0 && blobs.every((b) => b === ''), 'a blob nobody asked for');
  });

  it('bodies that do not decode are text/plain 400; auth failures are 401 and 403 JsCantonErrors', async () => {
    for (const bad of ['not json', '{}', JSON.stringify({ updateFormat: { includeTransactions: { transactionShape: 'NOPE', eventFormat: {} } } }), JSON.stringify({ updateFormat: {}, maxPageSize: 'x' })]) {
      const res = await post(`${net.ledgerUrl}${PAGE}`, bad, token);
      assert.equal(res.status, 400);
      assert.equal(res.text, 'Invalid value for: body');
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    }
    cantonError(await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: format }, 'garbage'), 401, 'UNAUTHENTICATED');
    const charlie = formatFor(net.party('charlie'));
    cantonError(await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: charlie }, token), 403, 'PERMISSION_DENIED');
    const anyParty = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersForAnyParty: {} } } };
    cantonError(await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: anyParty }, token), 403, 'PERMISSION_DENIED');
    const expired = mintToken({ userId: 'alice', actAs: [alice], expiresAt: 1000 });
    cantonError(await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: format }, expired), 401, 'UNAUTHENTICATED');
    const bobView = await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: formatFor(bob) }, token);
    assert.equal(bobView.status, 200, 'readAs bob may read bob');
    const opaque = await post(`${net.ledgerUrl}${PAGE}`, { updateFormat: formatFor(bob) }, 'opaque-bob');
    assert.equal(opaque.status, 403, 'the opaque token of a user without rights');
  });

  it('GET /v2/idps/{idp-id}: admin only; 404 IDP_CONFIG_NOT_FOUND for an unknown id', async () => {
    const admin = mintToken({ userId: 'admin', admin: true });
    assert.equal((await get(`${net.ledgerUrl}/v2/idps/idp-simulated`, admin)).status, 200);
    cantonError(await get(`${net.ledgerUrl}/v2/idps/idp-simulated`, token), 403, 'PERMISSION_DENIED');
    const e = cantonError(await get(`${net.ledgerUrl}/v2/idps/unknown-idp`, admin), 404, 'IDP_CONFIG_NOT_FOUND');
    assert.equal(e['errorCategory'], 11);
    assert.equal(e['grpcCodeValue'], 5);
    assert.deepEqual(e['resources'], [['ErrorResource(IDENTITY_PROVIDER_CONFIG)', 'unknown-idp']]);
    assert.deepEqual(obj(e['context'])['category'], '11');
    assert.equal(obj(e['context'])['tid'], e['traceId']);
    cantonError(await get(`${net.ledgerUrl}/v2/idps/${encodeURIComponent('bad/id?')}`, admin), 400, 'INVALID_FIELD');
  });

  it('GET /v2/traffic/accounts/{account-id}: needs ActAs/ExecuteAs for the party; unknown accounts have balance 0; absent without trafficEnforcement', async () => {
    const mine = obj((await get(`${net.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(alice)}`, token)).json());
    assert.equal(mine['accountId'], alice);
    cantonError(await get(`${net.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(bob)}`, token), 403, 'PERMISSION_DENIED');
    cantonError(await get(`${net.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(alice)}`), 401, 'UNAUTHENTICATED');
    const stranger = 'stranger::1220abcd';
    const executor = mintToken({ userId: 'x', executeAs: [stranger] });
    assert.deepEqual((await get(`${net.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(stranger)}`, executor)).json(), { accountId: stranger, balance: 0 });
    const plain = await startSimulatedNetwork({ seed: 1, updates: 10 });
    try {
      const res = await get(`${plain.ledgerUrl}/v2/traffic/accounts/${encodeURIComponent(alice)}`, token);
      assert.equal(res.status, 404);
      assert.ok(!plain.routes().some((r) => r.path.startsWith('/v2/traffic')));
    } finally {
      await plain.close();
    }
  });
});
