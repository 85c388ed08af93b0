import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, type Observable } from 'rxjs';
import { createClient, operationIndex, type CantonClient, type CantonError } from '../../src/index';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index';
import { collect } from '../helpers/collect';

const right = async <A>(o: Observable<E.Either<CantonError, A>>): Promise<A> => {
  const r = await lastValueFrom(o);
  if (E.isLeft(r)) assert.fail(JSON.stringify(r.left).slice(0, 600));
  return r.right;
};
const left = async (o: Observable<E.Either<CantonError, unknown>>): Promise<CantonError> => {
  const r = await lastValueFrom(o);
  assert.ok(E.isLeft(r), `expected a Left, got ${JSON.stringify(r).slice(0, 300)}`);
  return r.left;
};

/** A decimal text with up to 10 fractional digits, in 10^-10 units. */
const units = (text: string): bigint => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole!) * 10_000_000_000n + BigInt(frac.padEnd(10, '0'));
};

describe('testkit: Amulet token standard registry at the host root (registry: true)', function () {
  this.timeout(60_000);
  let net: SimulatedNetwork;
  let client: CantonClient;
  let alice: string;
  let bob: string;

  before(async () => {
    net = await startSimulatedNetwork({ seed: 'registry', updates: 150, registry: true });
    alice = net.party('alice');
    bob = net.party('bob');
    // Only Scan: client.registry is the Scan host's root.
    client = createClient({ scan: { url: net.scanUrl }, ledger: { url: net.ledgerUrl, token: mintToken({ userId: 'alice', actAs: [alice] }) } });
  });
  after(() => net.close());

  /** A contract of the token standard's Amulet templates, created through the ledger (the simulator interprets no Daml). */
  const create = async (module: string, entity: string, commandId: string): Promise<string> => {
    const created = await right(
      client.ledger.submitAndWaitForTransaction({
        commands: { commandId, actAs: [alice], commands: [{ CreateCommand: { templateId: `#splice-amulet:${module}:${entity}`, createArguments: { sender: alice, receiver: bob, amount: '10.0' } } }] },
      }),
    );
    return (created.transaction.events[0] as { CreatedEvent: { contractId: string } }).CreatedEvent.contractId;
  };

  it('metadata: the DSO is the admin; Amulet, 10 decimals, its total supply the sum of the active amulets that scan.updates shows', async () => {
    const info = await right(client.registry.getRegistryInfo());
    assert.equal(info.adminId, net.dsoParty);
    assert.equal(info.supportedApis['splice-api-token-metadata-v1'], 1);

    const list = await right(client.registry.listInstruments({ pageSize: 10 }));
    assert.equal(list.instruments.length, 1);
    const amulet = list.instruments[0]!;
    assert.deepEqual(await right(client.registry.getInstrument('Amulet')), amulet);
    assert.equal(amulet.id, 'Amulet');
    assert.equal(amulet.decimals, 10);
    assert.equal(amulet.supportedApis['splice-api-token-transfer-instruction-v1'], 1);

    // The supply, recomputed from the wire: every Amulet created and not archived in Scan's history.
    const active = new Map<string, bigint>();
    let last = '';
    for (const item of await collect(client.scan.updates({ page_size: 100 }))) {
      assert.ok(E.isRight(item));
      const u = item.right as { record_time: string; events_by_id?: Record<string, Record<string, unknown>> };
      last = u.record_time;
      for (const e of Object.values(u.events_by_id ?? {})) {
        if (e['event_type'] === 'created_event' && String(e['template_id']).endsWith(':Splice.Amulet:Amulet')) {
          active.set(String(e['contract_id']), units(String((e['create_arguments'] as { amount: { initialAmount: string } }).amount.initialAmount)));
        } else if (e['event_type'] === 'exercised_event' && e['consuming'] === true) active.delete(String(e['contract_id']));
      }
    }
    const total = [...active.values()].reduce((a, b) => a + b, 0n);
    assert.ok(total > 0n && active.size > 1);
    assert.equal(units(amulet.totalSupply!), total);
    assert.equal(Date.parse(amulet.totalSupplyAsOf!), Date.parse(last));

    // One instrument, one page: a page token past it reads an empty page; a page size below 1 is a 400.
    assert.deepEqual(await right(client.registry.listInstruments({ pageToken: 'Amulet' })), { instruments: [] });
    const badSize = await left(client.registry.listInstruments({ pageSize: 0 }));
    assert.ok(badSize._tag === 'HttpError' && badSize.status === 400);

    const unknown = await left(client.registry.getInstrument('NotAmulet'));
    assert.ok(unknown._tag === 'HttpError' && unknown.status === 404);
    assert.equal((unknown.body as { error?: string }).error, "Instrument 'NotAmulet' not found");
  });

  it('the transfer and allocation factories: ExternalPartyAmuletRules, with the AmuletRules and the current open round as context, disclosed as Scan serves them', async () => {
    const external = await right(client.scan.getExternalPartyAmuletRules({}));
    const rules = await right(client.scan.getAmuletRules({}));
    const rounds = await right(client.scan.getOpenAndIssuingMiningRounds({ cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] }));
    const contracts = new Map<string, { contract_id: string; template_id: string; created_event_blob: string }>();
    for (const c of [external.external_party_amulet_rules_update, rules.amulet_rules_update, ...Object.values(rounds.open_mining_rounds)]) {
      const contract = (c as { contract?: { contract_id: string; template_id: string; created_event_blob: string } }).contract!;
      contracts.set(contract.contract_id, contract);
    }
    const factoryId = (external.external_party_amulet_rules_update as { contract: { contract_id: string } }).contract.contract_id;
    const rulesId = (rules.amulet_rules_update as { contract: { contract_id: string } }).contract.contract_id;
    const transfer = { transfer: { sender: alice, receiver: bob, amount: '1.0', instrumentId: { admin: net.dsoParty, id: 'Amulet' } } };

    for (const call of [client.registry.getTransferFactory({ choiceArguments: transfer }), client.registry.getTransferFactoryV2({ choiceArguments: transfer })]) {
      const answer = await right(call);
      assert.equal(answer.factoryId, factoryId);
      assert.equal(answer.transferKind, 'offer');
      const values = (answer.choiceContext.choiceContextData as { values: Record<string, { tag: string; value: string }> }).values;
      assert.deepEqual(values['amulet-rules'], { tag: 'AV_ContractId', value: rulesId });
      assert.ok(Object.keys(rounds.open_mining_rounds).includes(values['open-round']!.value));
      assert.deepEqual(answer.choiceContext.disclosedContracts.map((d) => d.contractId).sort(), [factoryId, rulesId, values['open-round']!.value].sort());
      for (const d of answer.choiceContext.disclosedContracts) {
        const scan = contracts.get(d.contractId)!;
        assert.equal(d.templateId, scan.template_id);
        assert.equal(d.createdEventBlob, scan.created_event_blob);
        assert.equal(typeof d.debugPayload, 'object');
      }
    }
    const self = await right(client.registry.getTransferFactory({ choiceArguments: { transfer: { ...transfer.transfer, receiver: alice } }, excludeDebugFields: true }));
    assert.equal(self.transferKind, 'self');
    assert.ok(self.choiceContext.disclosedContracts.every((d) => d.debugPayload === undefined && d.debugCreatedAt === undefined && d.debugPackageName === undefined));

    for (const call of [client.registry.getAllocationFactory({ choiceArguments: {} }), client.registry.getAllocationFactoryV2({ choiceArguments: {} }), client.registry.getSettlementFactory({ choiceArguments: {} })]) {
      const answer = await right(call);
      assert.equal(answer.factoryId, factoryId);
      assert.equal(answer.choiceContext.disclosedContracts.length, 3);
    }

    // A body without choiceArguments is the server's 400, not a crash (sent raw: the client checks it first).
    const raw = await fetch(`${net.url}/registry/transfer-instruction/v1/transfer-factory`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(raw.status, 400);
    assert.match(await raw.text(), /missing required member 'choiceArguments'/);
  });

  it('choice contexts of a transfer instruction and an allocation the history knows; 404 with an ErrorResponse for an unknown or archived one', async () => {
    const instruction = await create('Splice.AmuletTransferInstruction', 'AmuletTransferInstruction', 'registry-ti-1');
    const allocation = await create('Splice.AmuletAllocation', 'AmuletAllocation', 'registry-alloc-1');
    const contexts = [
      ...[
        client.registry.getTransferInstructionAcceptContext,
        client.registry.getTransferInstructionRejectContext,
        client.registry.getTransferInstructionWithdrawContext,
        client.registry.getTransferInstructionAcceptContextV2,
        client.registry.getTransferInstructionRejectContextV2,
        client.registry.getTransferInstructionWithdrawContextV2,
      ].map((m) => (id: string) => m(id, {})),
      ...[
        client.registry.getAllocationTransferContext,
        client.registry.getAllocationWithdrawContext,
        client.registry.getAllocationCancelContext,
        client.registry.getAllocationWithdrawContextV2,
        client.registry.getAllocationCancelContextV2,
      ].map((m) => (id: string) => m(id, { meta: { note: 'x' } })),
    ];
    for (const [i, get] of contexts.entries()) {
      const id = i < 6 ? instruction : allocation;
      const context = await right(get(id));
      assert.ok('open-round' in (context.choiceContextData as { values: object }).values);
      assert.equal(context.disclosedContracts.length, 2);
      // The other kind's id, or one the history never saw, is unknown here.
      for (const unknown of [i < 6 ? allocation : instruction, '00deadbeef']) {
        const error = await left(get(unknown));
        assert.ok(error._tag === 'HttpError' && error.status === 404, JSON.stringify(error));
        assert.match((error.body as { error: string }).error, new RegExp(`'${unknown}' not found`));
      }
    }
    // Amulet allocates at once and has no allocation instruction: v2's accept and withdraw contexts know no id.
    for (const get of [client.registry.getAllocationInstructionAcceptContext, client.registry.getAllocationInstructionWithdrawContext]) {
      for (const id of [instruction, allocation]) {
        const error = await left(get(id, {}));
        assert.ok(error._tag === 'HttpError' && error.status === 404, JSON.stringify(error));
        assert.equal((error.body as { error: string }).error, `AllocationInstruction '${id}' not found`);
      }
    }
    // Archived: unknown too.
    await right(
      client.ledger.submitAndWait({
        commandId: 'registry-ti-archive',
        actAs: [alice],
        commands: [{ ExerciseCommand: { templateId: '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction', contractId: instruction, choice: 'Archive', choiceArgument: {} } }],
      }),
    );
    const archived = await left(client.registry.getTransferInstructionAcceptContext(instruction, {}));
    assert.ok(archived._tag === 'HttpError' && archived.status === 404);
  });

  it('every registry operation of operationIndex is answered: decoded, or (transfer preapprovals and conditional locks, not served by Scan) a 404', async () => {
    const served: string[] = [];
    for (const entry of operationIndex.filter((e) => e.group === 'registry')) {
      const method = (client.registry as unknown as Record<string, (...a: unknown[]) => Observable<E.Either<CantonError, unknown>>>)[entry.method]!;
      const r = await lastValueFrom(method(...entry.example));
      // Not served by Scan (docs/registry.md): the preapproval draft and the conditional-lock API.
      if (entry.path.startsWith('/registry/transfer-preapproval/') || entry.path.startsWith('/registry/conditional-lock/')) {
        assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 404, entry.method);
        continue;
      }
      // The examples name contract ids the history does not know: those are 404s with an ErrorResponse.
      if (entry.path.includes('{')) {
        assert.ok(E.isLeft(r) && r.left._tag === 'HttpError' && r.left.status === 404 && typeof (r.left.body as { error?: unknown }).error === 'string', `${entry.method}: ${JSON.stringify(r)}`);
      } else assert.ok(E.isRight(r), `${entry.method}: ${JSON.stringify(r).slice(0, 400)}`);
      served.push(entry.method);
    }
    assert.equal(served.length, 33 - 4 - 8);
  });
});
