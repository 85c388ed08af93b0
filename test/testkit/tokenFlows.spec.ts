import assert from 'node:assert/strict';
import { renderTransaction, TransactionParser, type TokenStandardEvent } from '@canton-network/core-tx-parser';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { createClient } from '../../src/clientFactory/createClient.js';
import { orThrow } from '../../src/operators/orThrow.js';
import { sumDecimals } from '../../src/codecs/common/sumDecimals.js';
import type { JsTransaction } from '../../src/codecs/ledger/JsTransaction.js';
import { parseTokenStandardTransaction } from '../../src/tokenStandard/parseTokenStandardTransaction.js';
import type { TokenStandardContract, TokenStandardTransaction, TokenStandardVersion } from '../../src/tokenStandard/TokenStandardTransaction.js';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';
import { assertDecodes } from './helpers.js';
import { parserFixtures } from '../helpers/tokenStandardFixtures.js';

/**
 * The oracle: the wallet kernel's own parser (`@canton-network/core-tx-parser`, the V1 token
 * standard) reads every transaction of the simulated token-standard flows, for every hosted
 * party, as the flow it is; and what it says each transaction did to a party's holdings adds up
 * to the party's holdings on the ledger at the end.
 */

const HOLDING = '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding';
const TRANSFER_INSTRUCTION = '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction';
const HOLDING_V2 = '#splice-api-token-holding-v2:Splice.Api.Token.HoldingV2:Holding';
const HOSTED = ['validator-1', 'alice', 'bob', 'charlie'];

type Json = Record<string, unknown>;
type Exercised = { nodeId: number; choice: string; choiceArgument: Json; exerciseResult: Json; consuming: boolean; lastDescendantNodeId: number; implementedInterfaces: string[]; interfaceId: string | null };
type Tx = { updateId: string; offset: number; events: Array<{ ExercisedEvent?: Exercised; CreatedEvent?: Json }> };

/** The filter a wallet reads a party's updates with: the token-standard views (v2's holdings too for `V2`), and everything else (as the Splice CLI asks). */
const eventFormat = (party: string, version: 'V1' | 'V2' = 'V1'): Json => ({
  filtersByParty: {
    [party]: {
      cumulative: [
        { identifierFilter: { InterfaceFilter: { value: { interfaceId: HOLDING, includeInterfaceView: true } } } },
        ...(version === 'V2' ? [{ identifierFilter: { InterfaceFilter: { value: { interfaceId: HOLDING_V2, includeInterfaceView: true } } } }] : []),
        { identifierFilter: { InterfaceFilter: { value: { interfaceId: TRANSFER_INSTRUCTION, includeInterfaceView: true } } } },
        { identifierFilter: { WildcardFilter: { value: {} } } },
      ],
    },
  },
  verbose: true,
});

/**
 * core-tx-parser's rendered transaction, without what it adds to the Splice CLI's output (which
 * canton-rx writes): the per-instrument summaries, the summaries' `instrumentId`, empty changes and
 * summaries as `null` (the CLI leaves them out), the transfer instruction's `status.current` and
 * `multiStepCorrelationId` (docs/token-standard.md, "The two upstream parsers").
 */
const asTheCliWrites = (rendered: unknown): unknown => {
  const t = JSON.parse(JSON.stringify(rendered)) as { events: Array<Record<string, unknown>> };
  for (const e of t.events) {
    delete e['unlockedHoldingsChangeSummaries'];
    delete e['lockedHoldingsChangeSummaries'];
    for (const k of ['unlockedHoldingsChange', 'lockedHoldingsChange', 'unlockedHoldingsChangeSummary', 'lockedHoldingsChangeSummary']) {
      if (e[k] === null) delete e[k];
      else if (k.endsWith('Summary')) delete (e[k] as Record<string, unknown>)['instrumentId'];
    }
    const ti = e['transferInstruction'] as { status?: Record<string, unknown>; multiStepCorrelationId?: string } | null;
    if (ti !== null) {
      delete ti.multiStepCorrelationId;
      delete ti.status?.['current'];
    }
  }
  return t;
};

/** Whether the transaction creates an amulet of the party. */
const owns = (tx: Tx, party: string): boolean => tx.events.some((e) => e.CreatedEvent !== undefined && (e.CreatedEvent['createArgument'] as Json)['owner'] === party);

/** What each flow's first exercise the party sees should read as, by the upstream parser's labels (undefined: no event). */
const expectedLabel = (tx: Tx, party: string): string | undefined => {
  const first = tx.events.map((e) => e.ExercisedEvent).find((e): e is Exercised => e !== undefined);
  if (first === undefined) return undefined;
  const meta = ((first.exerciseResult['meta'] as Json | undefined)?.['values'] ?? {}) as Record<string, string>;
  const sender = meta['splice.lfdecentralizedtrust.org/sender'];
  const transfer = first.choiceArgument['transfer'] as Json | undefined;
  const output = (first.exerciseResult['output'] as Json | undefined)?.['tag'];
  switch (first.choice) {
    case 'AmuletRules_DevNet_Tap':
      return 'Mint';
    case 'TransferFactory_Transfer':
      if (output === 'TransferInstructionResult_Pending' || transfer?.['sender'] === transfer?.['receiver']) return 'MergeSplit';
      return 'TransferOut';
    case 'TransferPreapproval_SendV2':
      // The receiver; the preapproval's provider witnesses it too, and none of its holdings moves.
      return owns(tx, party) ? 'TransferIn' : undefined;
    case 'TransferInstruction_Accept':
    case 'Allocation_ExecuteTransfer':
      return sender === party ? 'TransferOut' : 'TransferIn';
    case 'TransferInstruction_Reject':
    case 'TransferInstruction_Withdraw':
      // Only the sender's holdings move (the lock comes back), and only when there was a lock left.
      return first.lastDescendantNodeId > first.nodeId && owns(tx, party) ? 'MergeSplit' : undefined;
    case 'LockedAmulet_OwnerExpireLock':
    case 'Allocation_Cancel':
      // The owner gets the amount back; the allocation's receiver sees the cancel, and nothing of theirs moves.
      return owns(tx, party) ? 'Unlock' : undefined;
    case 'AmuletRules_Transfer':
    case 'AllocationFactory_Allocate':
      return 'MergeSplit';
    case 'AmuletRules_BuyMemberTraffic':
      return 'Burn';
    case 'Amulet_Expire':
      return 'ExpireDust';
    default:
      return undefined;
  }
};

/** How the specs read a network: its pages, the official parser's and canton-rx's readings (each once), its holdings. */
const readerFor = (n: SimulatedNetwork, token: string) => {
  const post = async (path: string, body: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${n.ledgerUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };

  /** The ledger as the parser's provider: events-by-contract-id, a 404 as the `CONTRACT_EVENTS_NOT_FOUND` it expects. */
  const provider = {
    request: async (args: { params: { resource: string; body?: unknown } }): Promise<unknown> => {
      const r = await post(args.params.resource, args.params.body);
      if (r.status !== 200) throw Object.assign(new Error(String(r.body['cause'])), { code: r.body['code'] });
      return r.body;
    },
  };

  const read = new Map<string, Promise<{ txs: Tx[]; pages: number }>>();
  /** The party's transactions, read page by page (10 a page), once per party and version. */
  const transactions = (party: string, version: 'V1' | 'V2' = 'V1'): Promise<{ txs: Tx[]; pages: number }> => {
    const key = `${party} ${version}`;
    if (!read.has(key)) read.set(key, readAll(party, version));
    return read.get(key)!;
  };
  const readAll = async (party: string, version: 'V1' | 'V2'): Promise<{ txs: Tx[]; pages: number }> => {
    const txs: Tx[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    const end = (await (await fetch(`${n.ledgerUrl}/v2/state/ledger-end`, { headers: { authorization: `Bearer ${token}` } })).json()) as { offset: number };
    for (let guard = 0; guard < 1000; guard++) {
      const r = await post('/v2/updates/get-updates-page', {
        beginOffsetExclusive: 0,
        endOffsetInclusive: end.offset,
        maxPageSize: 10,
        updateFormat: { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS', eventFormat: eventFormat(party, version) } },
        ...(pageToken === undefined ? {} : { pageToken }),
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      pages += 1;
      for (const u of r.body['updates'] as Array<{ update: { Transaction?: { value: Tx } } }>) if (u.update.Transaction !== undefined) txs.push(u.update.Transaction.value);
      pageToken = r.body['nextPageToken'] as string | undefined;
      if (pageToken === undefined || pageToken === null) return { txs, pages };
    }
    assert.fail('more than 1000 pages');
  };

  const official = new Map<string, ReturnType<TransactionParser['parseTransaction']>>();
  /** core-tx-parser's reading of a transaction for a party (once: the specs below share it). */
  const theirsOf = (tx: Tx, party: string): ReturnType<TransactionParser['parseTransaction']> => {
    const key = `${party} ${tx.updateId}`;
    if (!official.has(key)) official.set(key, new TransactionParser(provider as never, tx as never, party as never, false).parseTransaction());
    return official.get(key)!;
  };
  const parse = (tx: Tx, party: string): Promise<TokenStandardEvent[]> => theirsOf(tx, party).then((t) => t.events);

  /** The party's holdings now: the Holding views of its active contracts. */
  const holdings = async (party: string): Promise<Array<{ amount: string; owner: string }>> => {
    const r = await post('/v2/state/active-contracts-page', { eventFormat: { filtersByParty: { [party]: { cumulative: [{ identifierFilter: { InterfaceFilter: { value: { interfaceId: HOLDING, includeInterfaceView: true } } } }] } } }, maxPageSize: 1000 });
    assert.equal(r.status, 200);
    return (r.body['activeContracts'] as Array<{ contractEntry: { JsActiveContract: { createdEvent: { interfaceViews: Array<{ viewValue: { amount: string; owner: string } }> } } } }>).map((c) => c.contractEntry.JsActiveContract.createdEvent.interfaceViews[0]!.viewValue);
  };

  /** canton-rx's parser over one transaction, the contracts it asks for looked up by contract id as upstream does. */
  const ours = async (tx: Tx, party: string, standardVersion: TokenStandardVersion, strict = false): Promise<TokenStandardTransaction> => {
    const known = new Map<string, TokenStandardContract>();
    for (let round = 0; round < 5; round++) {
      const parse = parseTokenStandardTransaction(tx as unknown as JsTransaction, { party, standardVersion, strict, contractOf: (c) => known.get(c) });
      if (parse._tag === 'Parsed') {
        assert.ok(E.isRight(parse.result), `${tx.updateId} for ${party}: ${JSON.stringify(parse.result)}`);
        return parse.result.right;
      }
      for (const contractId of parse.contractIds) {
        const r = await post('/v2/events/events-by-contract-id', { contractId, eventFormat: eventFormat(party, standardVersion) });
        known.set(contractId, r.status === 404 ? null : { created: (r.body['created'] as { createdEvent: never }).createdEvent, archived: r.body['archived'] !== undefined && r.body['archived'] !== null });
      }
    }
    assert.fail(`${tx.updateId}: still asking for contracts after 5 rounds`);
  };

  return { post, provider, transactions, theirsOf, parse, holdings, ours };
};

/**
 * canton-rx's V1 reading of a transaction equals core-tx-parser's, as the CLI writes it; returns 1
 * when it met an accepted instruction whose own transfer meta names a reason (where the CLI's
 * parser, reading the exercise's metas only, would say null: canton-rx follows the newer parser).
 */
const assertSameAsOfficial = async (r: ReturnType<typeof readerFor>, tx: Tx, party: string, who: string): Promise<number> => {
  const mine = await r.ours(tx, party, 'V1');
  const expected = asTheCliWrites(renderTransaction(await r.theirsOf(tx, party))) as { events: Array<{ label: { reason: string | null; tokenStandardChoice?: { name: string } | null }; transferInstruction: { transfer?: { meta?: { values?: Record<string, string> } } } | null }> };
  let acceptsWithReason = 0;
  for (const e of expected.events) {
    const instructionReason = e.transferInstruction?.transfer?.meta?.values?.['splice.lfdecentralizedtrust.org/reason'];
    if (e.label.tokenStandardChoice?.name === 'TransferInstruction_Accept' && instructionReason !== undefined) {
      assert.equal(e.label.reason, instructionReason);
      acceptsWithReason = 1;
    }
  }
  assert.deepEqual(JSON.parse(JSON.stringify(mine)), expected, `${tx.updateId} for ${who}`);
  return acceptsWithReason;
};

describe('testkit: the token-standard flows, read by the official parser (@canton-network/core-tx-parser)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let token: string;
  before(async () => {
    // Every generated update a flow step (the rounds still advance): all holdings come from the flows.
    net = await startSimulatedNetwork({ seed: 'token-flows', updates: 360, migrations: 1, tokenFlows: 1, hostedParties: HOSTED });
    token = mintToken({ userId: 'oracle', readAs: [...net.hostedParties] });
    r = readerFor(net, token);
  });
  after(() => net.close());

  let r: ReturnType<typeof readerFor>;
  const post: ReturnType<typeof readerFor>['post'] = (...a) => r.post(...a);
  const transactions: ReturnType<typeof readerFor>['transactions'] = (...a) => r.transactions(...a);
  const theirsOf: ReturnType<typeof readerFor>['theirsOf'] = (...a) => r.theirsOf(...a);
  const parse: ReturnType<typeof readerFor>['parse'] = (...a) => r.parse(...a);
  const holdings: ReturnType<typeof readerFor>['holdings'] = (...a) => r.holdings(...a);
  const ours: ReturnType<typeof readerFor>['ours'] = (...a) => r.ours(...a);

  it('labels every transaction of every hosted party as its flow, and the changes add up to the holdings on the ledger', async () => {
    const labels = new Map<string, number>();
    let pagesRead = 0;
    for (const hint of HOSTED) {
      const party = net.party(hint);
      const { txs, pages } = await transactions(party);
      pagesRead += pages;
      const changes: string[] = [];
      for (const tx of txs) {
        const events = await parse(tx, party);
        const expected = expectedLabel(tx, party);
        const got = events.map((e) => e.label.type);
        const first = tx.events.find((e) => e.ExercisedEvent !== undefined)?.ExercisedEvent;
        if (expected === undefined) {
          // Genesis and the preapprovals: holdings created outside a token-standard choice are raw creates, anything else no event.
          assert.ok(got.every((t) => t === 'Create'), `${tx.updateId} (${first?.choice ?? 'creates'}) for ${hint}: ${got.join(', ')}`);
        } else {
          assert.deepEqual(got, [expected], `${tx.updateId} (${first?.choice}) for ${hint}`);
        }
        for (const e of events) {
          labels.set(e.label.type, (labels.get(e.label.type) ?? 0) + 1);
          const label = e.label as { mintAmount?: string; burnAmount?: string };
          // Nothing is minted but by a tap: an archive the parser missed would show as a mint.
          if (e.label.type !== 'Mint' && e.label.type !== 'Create' && label.mintAmount !== undefined) assert.equal(label.mintAmount, '0', `${tx.updateId} ${e.label.type} mints ${label.mintAmount}`);
          if (e.label.type === 'Burn') assert.equal(sumDecimals([label.burnAmount!]), sumDecimals([first!.exerciseResult['amuletPaid'] as string]), tx.updateId);
          for (const s of [...e.unlockedHoldingsChangeSummaries, ...e.lockedHoldingsChangeSummaries]) changes.push(s.amountChange);
        }
        if (first?.choice === 'TransferFactory_Transfer' && (first.exerciseResult['output'] as Json)['tag'] === 'TransferInstructionResult_Pending') {
          // A pending transfer: the upstream parser says MergeSplit (the sender's amulet is split into the locked amount and change) and carries the instruction.
          const ti = events[0]!.transferInstruction!;
          assert.equal(ti.status.current?.tag, 'Pending');
          assert.equal(ti.multiStepCorrelationId, ((first.exerciseResult['output'] as Json)['value'] as Json)['transferInstructionCid']);
        }
      }
      const onLedger = (await holdings(party)).filter((h) => h.owner === party).map((h) => h.amount);
      assert.equal(sumDecimals(changes), sumDecimals(onLedger), `the parsed changes of ${hint} do not add up to its holdings`);
    }
    assert.ok(pagesRead > 3 * HOSTED.length, `only ${pagesRead} pages`);
    for (const label of ['Mint', 'TransferOut', 'TransferIn', 'MergeSplit', 'Unlock', 'Burn', 'ExpireDust']) assert.ok((labels.get(label) ?? 0) > 0, `no ${label} among ${JSON.stringify([...labels])}`);
  });

  it('canton-rx\'s parser (V1) reads every transaction of every party as core-tx-parser does', async () => {
    let compared = 0;
    let acceptsWithReason = 0;
    for (const hint of HOSTED) {
      const party = net.party(hint);
      for (const tx of (await transactions(party)).txs) {
        acceptsWithReason += await assertSameAsOfficial(r, tx, party, hint);
        compared += 1;
      }
    }
    assert.ok(compared > 100, `only ${compared}`);
    assert.ok(acceptsWithReason > 0, 'no accepted instruction with a reason: where the two upstream parsers differ went untested');
  });

  it('ledger.tokenStandardHistory streams, for every party, what core-tx-parser reads (V1) and what the parser reads transaction by transaction (V2)', async () => {
    const ledger = createClient({ ledger: { url: net.ledgerUrl, token } }).ledger;
    let items = 0;
    for (const hint of HOSTED) {
      const party = net.party(hint);
      const v1 = await lastValueFrom(ledger.tokenStandardHistory({ party, maxPageSize: 10 }).pipe(orThrow(), toArray()));
      const expectedV1: unknown[] = [];
      for (const tx of (await transactions(party)).txs) {
        const theirs = asTheCliWrites(renderTransaction(await theirsOf(tx, party))) as { events: Array<{ label: { reason: string | null; tokenStandardChoice?: { name: string } | null } }> };
        if (theirs.events.length > 0) expectedV1.push(theirs);
      }
      assert.deepEqual(JSON.parse(JSON.stringify(v1)), expectedV1, `V1 history of ${hint}`);
      const v2 = await lastValueFrom(ledger.tokenStandardHistory({ party, standardVersion: 'V2', maxPageSize: 10 }).pipe(orThrow(), toArray()));
      const expectedV2: unknown[] = [];
      for (const tx of (await transactions(party, 'V2')).txs) {
        const t = await ours(tx, party, 'V2');
        if (t.events.length > 0) expectedV2.push(t);
      }
      assert.deepEqual(JSON.parse(JSON.stringify(v2)), JSON.parse(JSON.stringify(expectedV2)), `V2 history of ${hint}`);
      items += v1.length + v2.length;
    }
    assert.ok(items > 200, `only ${items} items`);
  });

  it('V2: every holding a flow creates or archives is named by an EventLog_HoldingsChange of its account (canton-rx\'s strict V2 parser), and they add up to the holdings', async () => {
    let flows = 0;
    for (const hint of HOSTED) {
      const party = net.party(hint);
      const changes: string[] = [];
      for (const tx of (await transactions(party, 'V2')).txs) {
        // Genesis's amulets come from no flow: raw creates, which strict refuses.
        const isFlow = expectedLabel(tx, party) !== undefined || tx.events.some((e) => e.ExercisedEvent?.choice === 'EventLog_HoldingsChange');
        const parsed = await ours(tx, party, 'V2', isFlow);
        if (isFlow) {
          flows += 1;
          assert.ok(parsed.events.every((e) => e.label.type === 'V2'), `${tx.updateId}: ${parsed.events.map((e) => e.label.type).join(', ')}`);
        }
        for (const e of parsed.events) for (const sm of [e.unlockedHoldingsChangeSummary, e.lockedHoldingsChangeSummary]) changes.push((sm as { amountChange?: string } | undefined)?.amountChange ?? '0');
      }
      const onLedger = (await holdings(party)).filter((h) => h.owner === party).map((h) => h.amount);
      assert.equal(sumDecimals(changes), sumDecimals(onLedger), `the V2 changes of ${hint} do not add up to its holdings`);
    }
    assert.ok(flows > 100, `only ${flows} flow transactions`);
  });

  it('writes the events with the fields of a participant\'s (the upstream parser\'s test data, captured from Splice)', async () => {
    const fieldsOf = (txs: ReadonlyArray<Record<string, unknown>>): Record<string, string[]> => {
      const seen: Record<string, Set<string>> = {};
      const add = (kind: string, o: object) => Object.keys(o).forEach((k) => (seen[kind] ??= new Set()).add(k));
      for (const t of txs) {
        add('JsTransaction', t);
        for (const e of t['events'] as Array<Record<string, Record<string, unknown>>>) {
          const [kind, v] = Object.entries(e)[0]!;
          add(kind, v);
          for (const view of (v['interfaceViews'] as object[] | undefined) ?? []) add('JsInterfaceView', view);
        }
      }
      return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v].sort()]));
    };
    const real = parserFixtures().find((f) => f.name === 'sv-voting-172775422 V1')!.updates.map((u) => u.update.Transaction.value as unknown as Record<string, unknown>);
    const simulated = (await transactions(net.party('alice'))).txs as unknown as Array<Record<string, unknown>>;
    assert.deepEqual(fieldsOf(simulated), fieldsOf(real));
  });

  it('is deterministic for a seed, decodes with the library\'s codecs on Scan, and refuses a share outside [0, 1]', async () => {
    const scanPage = async (n: SimulatedNetwork): Promise<string> => {
      const res = await fetch(`${n.scanUrl}/v2/updates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 1000 }) });
      assert.equal(res.status, 200);
      return res.text();
    };
    const again = await startSimulatedNetwork({ seed: 'token-flows', updates: 360, migrations: 1, tokenFlows: 1, hostedParties: HOSTED });
    try {
      const [a, b] = [await scanPage(net), await scanPage(again)];
      assert.equal(a, b);
      assertDecodes('scan', 'UpdateHistoryResponseV2', JSON.parse(a));
      // Token-standard choices name the interface they are exercised through, on Scan too.
      assert.match(a, /"interface_id":"[0-9a-f]{64}:Splice\.Api\.Token\.TransferEventsV2:EventLog"/);
      const kinds = net.info().kinds;
      for (const k of ['ts-mint', 'ts-transfer', 'ts-offer', 'ts-offer-accept', 'ts-offer-reject', 'ts-offer-withdraw', 'ts-offer-expired', 'ts-merge', 'ts-split', 'ts-lock', 'ts-lock-expired', 'ts-burn', 'ts-expire-dust', 'ts-allocate', 'ts-allocation-settle', 'ts-allocation-cancel'])
        assert.ok((kinds[k] ?? 0) > 0, `no ${k} in ${JSON.stringify(kinds)}`);
    } finally {
      await again.close();
    }
    await assert.rejects(startSimulatedNetwork({ tokenFlows: 1.5 }), RangeError);
    await assert.rejects(startSimulatedNetwork({ tokenFlows: -0.1 }), RangeError);
  });

  it('the registry serves the choice contexts of the flows\' pending instructions and allocations, and 404 once they are settled', async () => {
    const reg = await startSimulatedNetwork({ seed: 'token-flows-registry', updates: 100, migrations: 1, tokenFlows: 1, hostedParties: ['validator-1', 'validator-2', 'alice', 'bob', 'charlie', 'dave', 'eve', 'frank'], registry: true });
    try {
      const rr = readerFor(reg, mintToken({ userId: 'oracle', readAs: [...reg.hostedParties] }));
      // Grow the history until an allocation and an instruction are pending (both settle within a few steps).
      const pending = (k: Record<string, number>, made: string, ended: string[]) => (k[made] ?? 0) - ended.reduce((n, e) => n + (k[e] ?? 0), 0);
      for (let i = 0; i < 400; i++) {
        const k = reg.info().kinds;
        if (pending(k, 'ts-allocate', ['ts-allocation-settle', 'ts-allocation-cancel']) > 0 && pending(k, 'ts-offer', ['ts-offer-accept', 'ts-offer-reject', 'ts-offer-withdraw', 'ts-offer-expired']) > 0) break;
        reg.append(1);
      }
      const active = async (interfaceId: string): Promise<string[]> => {
        const ids = new Set<string>();
        for (const p of reg.hostedParties) {
          const res = await rr.post('/v2/state/active-contracts-page', { eventFormat: { filtersByParty: { [p]: { cumulative: [{ identifierFilter: { InterfaceFilter: { value: { interfaceId } } } }] } } }, maxPageSize: 1000 });
          for (const c of res.body['activeContracts'] as Array<{ contractEntry: { JsActiveContract: { createdEvent: { contractId: string } } } }>) ids.add(c.contractEntry.JsActiveContract.createdEvent.contractId);
        }
        return [...ids];
      };
      const context = async (path: string): Promise<number> => (await fetch(`${reg.url}/registry${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status;
      const instructions = await active(TRANSFER_INSTRUCTION);
      const allocations = await active('#splice-api-token-allocation-v1:Splice.Api.Token.AllocationV1:Allocation');
      assert.ok(instructions.length > 0 && allocations.length > 0, `${instructions.length} instructions, ${allocations.length} allocations pending`);
      for (const id of instructions) assert.equal(await context(`/transfer-instruction/v1/${id}/choice-contexts/accept`), 200);
      for (const id of allocations) assert.equal(await context(`/allocations/v1/${id}/choice-contexts/execute-transfer`), 200);
      // A settled one: the first instruction any party accepted.
      const accepted = (await rr.transactions(reg.party('alice'))).txs.flatMap((t) => t.events).map((e) => e.ExercisedEvent).find((x) => x?.choice === 'TransferInstruction_Accept') as unknown as { contractId: string } | undefined;
      assert.ok(accepted !== undefined);
      assert.equal(await context(`/transfer-instruction/v1/${accepted.contractId}/choice-contexts/accept`), 404);
    } finally {
      await reg.close();
    }
  });

  it('answers events-by-contract-id for the holdings the flows create, with their views, and the archive with its interfaces', async () => {
    const alice = net.party('alice');
    const { txs } = await transactions(alice);
    let checked = 0;
    for (const tx of txs) {
      for (const e of tx.events) {
        const x = e.ExercisedEvent;
        if (x === undefined || !x.consuming || x.choice !== 'Archive' || !x.implementedInterfaces.some((i) => i.endsWith(':Splice.Api.Token.HoldingV1:Holding'))) continue;
        const r = await post('/v2/events/events-by-contract-id', { contractId: (x as unknown as { contractId: string }).contractId, eventFormat: eventFormat(alice) });
        if (r.status === 404) continue; // another party's holding: alice is no stakeholder
        assert.equal(r.status, 200);
        const created = (r.body['created'] as { createdEvent: { interfaceViews: Array<{ interfaceId: string }> } }).createdEvent;
        assert.match(created.interfaceViews[0]!.interfaceId, /:Splice\.Api\.Token\.HoldingV1:Holding$/);
        const archived = (r.body['archived'] as { archivedEvent: { implementedInterfaces: string[] } }).archivedEvent;
        assert.ok(archived.implementedInterfaces.some((i) => i.endsWith(':Splice.Api.Token.HoldingV1:Holding')));
        checked += 1;
      }
    }
    assert.ok(checked > 10, `only ${checked} archives checked`);
  });
});

describe('testkit: the token-standard flows among the rest of the history (raw events), read by both parsers', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let r: ReturnType<typeof readerFor>;
  before(async () => {
    // Flows beside the default history's transfers and taps (no token-standard choice, no meta) and the older transfer offers.
    net = await startSimulatedNetwork({ seed: 'token-flows-mixed', updates: 200, migrations: 1, tokenFlows: 0.4, transferOffers: 0.1, hostedParties: HOSTED });
    r = readerFor(net, mintToken({ userId: 'oracle', readAs: [...net.hostedParties] }));
  });
  after(() => net.close());

  it('canton-rx\'s V1 reading equals core-tx-parser\'s on every transaction of every party, the raw Create and Archive events included', async () => {
    const labels = new Map<string, number>();
    for (const hint of HOSTED) {
      const party = net.party(hint);
      for (const tx of (await r.transactions(party)).txs) {
        await assertSameAsOfficial(r, tx, party, hint);
        for (const e of (await r.theirsOf(tx, party)).events) labels.set(e.label.type, (labels.get(e.label.type) ?? 0) + 1);
      }
    }
    // What no token-standard choice explains, upstream reads raw: the default history's transfers archive and create amulets.
    for (const label of ['Create', 'Archive', 'TransferOut', 'TransferIn', 'MergeSplit']) assert.ok((labels.get(label) ?? 0) > 0, `no ${label} among ${JSON.stringify([...labels])}`);
  });
});
