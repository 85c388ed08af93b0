import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { lastValueFrom } from 'rxjs';
import { createClient, sumDecimals, tokenStandard, tokenStandardInterfaces, unknownMemberOf, type CantonClient } from '../../src/index';
import { createTransport } from '../../src/client/createTransport';
import { ledgerInterfaceViews } from '../../src/streams/ledgerInterfaceViews';
import type { ViewedContract } from '../../src/streams/ViewedContract';
import type { HoldingView } from '../../src/codecs/tokenStandard/HoldingView';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';
import { rights } from '../helpers/results';

type Created = { contractId: string; templateId: string; createArgument: Record<string, unknown>; signatories: string[]; observers: string[] };

describe('ledger.holdings and ledger.transferInstructions (the token standard on the simulated participant)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let token: string;
  let alice: string;
  let bob: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'token-views', updates: 300, transferOffers: 0.2 });
    [alice, bob] = [net.party('alice'), net.party('bob')];
    token = mintToken({ userId: 'wallet', readAs: [...net.hostedParties] });
    client = createClient({ ledger: { url: net.ledgerUrl, token } });
  });
  after(() => net.close());

  /** The party's active contracts of some templates at the ledger end, read whole with a template filter. */
  const contractsOf = async (party: string, entities: readonly string[]): Promise<Created[]> => {
    const cumulative = entities.map((e) => ({ identifierFilter: { TemplateFilter: { value: { templateId: `#splice-amulet:${e}` } } } }));
    const r = await lastValueFrom(client.ledger.getActiveContractsPage({ eventFormat: { filtersByParty: { [party]: { cumulative } } }, activeAtOffset: net.info().ledgerEnd, maxPageSize: 1000 }));
    assert.ok(E.isRight(r) && r.right.nextPageToken == null);
    return r.right.activeContracts.map((e) => (e.contractEntry as { JsActiveContract: { createdEvent: Created } }).JsActiveContract.createdEvent);
  };
  const amountOf = (c: Created): string => {
    const amulet = (c.createArgument['amulet'] ?? c.createArgument) as { amount: { initialAmount: string } };
    return amulet.amount.initialAmount;
  };

  it('a party\'s holdings are exactly its amulets and locked amulets, each with its decoded HoldingView (exact amounts, locks, instrument)', async () => {
    for (const party of [alice, bob]) {
      const expected = await contractsOf(party, ['Splice.Amulet:Amulet', 'Splice.Amulet:LockedAmulet']);
      const held = rights(await collect(client.ledger.holdings({ party, maxPageSize: 3 })));
      assert.ok(held.length > 3, `${held.length} holdings of ${party}`);
      assert.ok(held.some((h) => h.view?.lock != null) || party === bob, 'some of alice\'s holdings are locked (offers she made)');
      assert.deepEqual(held.map((h) => h.contractId).sort(), expected.map((c) => c.contractId).sort());
      for (const h of held) {
        const c = expected.find((x) => x.contractId === h.contractId)!;
        const v = h.view!;
        assert.equal(h.viewStatus.code, 0);
        assert.equal(typeof v.amount, 'string');
        assert.equal(v.amount, amountOf(c));
        assert.deepEqual(v.instrumentId, { admin: net.dsoParty, id: 'Amulet' });
        assert.equal(v.lock != null, c.templateId.endsWith(':LockedAmulet'), `lock of ${h.templateId}`);
        if (v.lock != null) assert.deepEqual(v.lock.holders, [net.dsoParty]);
      }
      // Sums are exact: the same as summing the create arguments' decimal strings.
      assert.equal(sumDecimals(held.filter((h) => h.view?.owner === party).map((h) => h.view!.amount)), sumDecimals(expected.filter((c) => !c.signatories.every((s) => s === net.dsoParty)).filter((c) => ((c.createArgument['amulet'] ?? c.createArgument) as { owner: string }).owner === party).map(amountOf)));
    }
  });

  it('incoming transfer offers: TransferInstruction views whose receiver is the party, pending its acceptance', async () => {
    const expected = await contractsOf(bob, ['Splice.AmuletTransferInstruction:AmuletTransferInstruction']);
    const all = rights(await collect(client.ledger.transferInstructions({ party: bob, maxPageSize: 2 })));
    assert.deepEqual(all.map((i) => i.contractId).sort(), expected.map((c) => c.contractId).sort());
    const incoming = all.filter((i) => i.view?.transfer.receiver === bob);
    assert.ok(incoming.length > 0 && incoming.length < all.length, `${incoming.length} of ${all.length} are incoming`);
    for (const i of incoming) {
      const v = i.view!;
      assert.ok('tag' in v.status && v.status.tag === 'TransferPendingReceiverAcceptance');
      assert.notEqual(v.transfer.sender, bob);
      assert.deepEqual(v.transfer.instrumentId, { admin: net.dsoParty, id: 'Amulet' });
      assert.ok(v.transfer.executeBefore > v.transfer.requestedAt);
      assert.equal(v.transfer.amount, ((expected.find((c) => c.contractId === i.contractId)!.createArgument['transfer']) as { amount: string }).amount);
    }
  });

  it('a status a newer registry adds is an unknown member; strict (the client option or the call option) refuses it', async () => {
    // The participant's answer, as a newer registry's contracts would have it: another status tag.
    const renaming: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const text = (await answer.text()).split('"TransferPendingReceiverAcceptance"').join('"TransferPendingComplianceReview"');
      return new Response(text, { status: answer.status, headers: answer.headers });
    };
    const at = (options: { strict?: true }, config: { strict?: true }) =>
      collect(createClient({ ledger: { url: net.ledgerUrl, token }, fetch: renaming, ...config }).ledger.transferInstructions({ party: bob }, options));
    const open = rights(await at({}, {}));
    assert.ok(open.some((i) => i.view !== undefined && unknownMemberOf(tokenStandard.TransferInstructionStatus, i.view.status)?.name === 'TransferPendingComplianceReview'));
    for (const [options, config] of [[{ strict: true }, {}], [{}, { strict: true }]] as const) {
      const out = await at(options, config);
      const last = out[out.length - 1]!;
      assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError' && JSON.stringify(last.left).includes('TransferPendingComplianceReview'), JSON.stringify(last).slice(0, 300));
    }
  });

  it('exact under faults (500, 429, resets, truncated and corrupt bodies): the same holdings, each once, in the same order', async () => {
    const clean = rights(await collect(client.ledger.holdings({ party: alice, maxPageSize: 2 })));
    const end = clean[0]!.activeAtOffset;
    net.setFaults({ rate: 0.4, kinds: [500, 429, 'reset', 'truncate', 'invalid-json'], seed: 3, only: 'ledger', retryAfterSeconds: 0 });
    try {
      const faulty = rights(await collect(client.ledger.holdings({ party: alice, maxPageSize: 2, activeAtOffset: end }, { retry: { maxRetries: 50, initialDelayMs: 1, maxDelayMs: 2 } })));
      assert.deepEqual(faulty, clean);
      assert.ok(net.stats().faults.length > 3, `${net.stats().faults.length} faults injected`);
    } finally {
      net.setFaults(undefined);
    }
  });

  it('a view that does not decode ends the stream with a DecodeError at its path, after the contracts before it', async () => {
    const transport = createTransport('ledger', { url: net.ledgerUrl, token }, { fetch, timeoutMs: 10_000 });
    // A codec that refuses amulets holding 1000 or more: some holdings pass, then one fails.
    const small = t.refinement(t.type({ amount: t.string }), (v) => Number(v.amount) < 1000, 'SmallHolding');
    const all = rights(await collect(client.ledger.holdings({ party: alice })));
    const firstBig = all.findIndex((h) => Number(h.view!.amount) >= 1000);
    assert.ok(firstBig > 0, 'a small holding comes before a big one');
    const got = await collect(ledgerInterfaceViews('ledger.holdings', tokenStandardInterfaces.Holding, small as unknown as t.Type<{ amount: string }, unknown, unknown>).items(transport, { party: alice }));
    assert.equal(got.length, firstBig + 1);
    assert.deepEqual(got.slice(0, -1).map((r) => E.isRight(r) && r.right.contractId), all.slice(0, firstBig).map((h) => h.contractId));
    const last = got.at(-1)!;
    assert.ok(E.isLeft(last) && last.left._tag === 'DecodeError');
    assert.equal(last.left.issues[0]!.path, `createdEvent(${all[firstBig]!.contractId}).interfaceViews.0.viewValue`);
  });

  it('a resume from an item\'s checkpoint gives exactly the holdings after it; a bad checkpoint is a Left, no request', async () => {
    const all = rights(await collect(client.ledger.holdings({ party: bob, maxPageSize: 3 })));
    const i = Math.floor(all.length / 2);
    const rest = rights(await collect(client.ledger.holdings({ party: bob, maxPageSize: 3 }, { from: all[i]!.checkpoint })));
    assert.deepEqual(rest, all.slice(i + 1));
    const before = net.stats().totalRequests;
    const bad = await collect(client.ledger.holdings({ party: bob }, { from: { stream: 'ledger.snapshot', activeAtOffset: -1, index: 0 } as never }));
    assert.equal(bad.length, 1);
    assert.ok(E.isLeft(bad[0]!) && bad[0].left._tag === 'InvalidRequest');
    const noParty = await collect(client.ledger.holdings({ party: '' }));
    assert.ok(noParty.length === 1 && E.isLeft(noParty[0]!) && noParty[0].left._tag === 'InvalidRequest' && noParty[0].left.issues[0]!.path === 'party');
    assert.equal(net.stats().totalRequests, before);
  });

  it('the default network has no offers; its amulets are holdings all the same', async () => {
    const plain = await startSimulatedNetwork({ seed: 'token-views', updates: 120 });
    try {
      const c = createClient({ ledger: { url: plain.ledgerUrl, token: mintToken({ userId: 'w', readAs: [...plain.hostedParties] }) } });
      const held: ViewedContract<HoldingView>[] = rights(await collect(c.ledger.holdings({ party: plain.party('alice') })));
      assert.ok(held.length > 0 && held.every((h) => h.view!.lock == null));
      assert.deepEqual(rights(await collect(c.ledger.transferInstructions({ party: plain.party('alice') }))), []);
    } finally {
      await plain.close();
    }
  });
});
