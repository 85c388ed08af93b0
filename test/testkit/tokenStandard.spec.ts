import assert from 'node:assert/strict';
import { mintToken, startSimulatedNetwork, type SimulatedNetwork } from '../../src/testkit/index.js';

type Created = { contractId: string; templateId: string; interfaceViews: Array<{ interfaceId: string; viewStatus: { code: number; message?: string }; viewValue: Record<string, unknown> }> };
const HOLDING = '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding';

describe('testkit: the token standard\'s interfaces on the simulated ledger', function () {
  this.timeout(30_000);
  let net: SimulatedNetwork;
  let token: string;
  before(async () => {
    net = await startSimulatedNetwork({ seed: 'token-testkit', updates: 200, transferOffers: 0.2 });
    token = mintToken({ userId: 'reader', readAs: [...net.hostedParties] });
  });
  after(() => net.close());

  const acs = async (party: string, filter: object): Promise<Created[]> => {
    const res = await fetch(`${net.ledgerUrl}/v2/state/active-contracts-page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ eventFormat: { filtersByParty: { [party]: { cumulative: [{ identifierFilter: filter }] } } }, maxPageSize: 1000 }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { activeContracts: Array<{ contractEntry: { JsActiveContract: { createdEvent: Created } } }> };
    return body.activeContracts.map((e) => e.contractEntry.JsActiveContract.createdEvent);
  };

  it('an interface filter selects the implementing contracts and, when asked, their views in the package-id form', async () => {
    const alice = net.party('alice');
    const withViews = await acs(alice, { InterfaceFilter: { value: { interfaceId: HOLDING, includeInterfaceView: true } } });
    assert.ok(withViews.length > 3);
    const templates = new Set<string>();
    for (const party of net.hostedParties) for (const c of await acs(party, { InterfaceFilter: { value: { interfaceId: HOLDING } } })) templates.add(c.templateId.split(':').slice(1).join(':'));
    assert.deepEqual([...templates].sort(), ['Splice.Amulet:Amulet', 'Splice.Amulet:LockedAmulet']);
    for (const c of withViews) {
      assert.equal(c.interfaceViews.length, 1);
      const [view] = c.interfaceViews;
      assert.match(view!.interfaceId, /^[0-9a-f]{64}:Splice\.Api\.Token\.HoldingV1:Holding$/);
      assert.equal(view!.viewStatus.code, 0);
      assert.equal(typeof view!.viewValue['amount'], 'string');
    }
    // The same contracts by the package-id form of the interface; without includeInterfaceView, no views.
    const byId = await acs(alice, { InterfaceFilter: { value: { interfaceId: withViews[0]!.interfaceViews[0]!.interfaceId } } });
    assert.deepEqual(byId.map((c) => c.contractId), withViews.map((c) => c.contractId));
    assert.ok(byId.every((c) => c.interfaceViews.length === 0));
    // A template filter shows no views; an interface no template implements selects nothing.
    const amulets = await acs(alice, { TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet' } } });
    assert.ok(amulets.length > 0 && amulets.every((c) => c.interfaceViews.length === 0));
    assert.deepEqual(await acs(alice, { InterfaceFilter: { value: { interfaceId: '#splice-api-token-allocation-v1:Splice.Api.Token.AllocationV1:Allocation', includeInterfaceView: true } } }), []);
  });

  it('transfer offers: the sender\'s amulet is locked for the receiver, who sees the instruction and later holds the amount', async () => {
    const kinds = net.info().kinds;
    assert.ok((kinds['transfer-offer'] ?? 0) > 0 && (kinds['transfer-offer-accepted'] ?? 0) > 0, JSON.stringify(kinds));
    let seen = 0;
    for (const party of net.hostedParties) {
      const offers = await acs(party, { InterfaceFilter: { value: { interfaceId: '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction', includeInterfaceView: true } } });
      seen += offers.length;
      for (const o of offers) {
        const v = o.interfaceViews[0]!.viewValue as { transfer: { sender: string; receiver: string }; status: unknown };
        assert.ok(v.transfer.sender === party || v.transfer.receiver === party);
        assert.deepEqual(v.status, { tag: 'TransferPendingReceiverAcceptance', value: {} });
      }
    }
    assert.ok(seen > 0, 'no pending offer of a hosted party');
  });

  it("a contract whose view cannot be computed is reported in its viewStatus, not a 500; once archived it is in no later snapshot", async () => {
    const TI = '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferInstruction';
    const alice = net.party('alice');
    const writer = mintToken({ userId: 'writer', actAs: [alice], readAs: [...net.hostedParties] });
    const submit = async (command: object, commandId: string): Promise<Record<string, unknown>> => {
      const res = await fetch(`${net.ledgerUrl}/v2/commands/submit-and-wait-for-transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${writer}` },
        body: JSON.stringify({ commands: { commandId, actAs: [alice], commands: [command] } }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()) as Record<string, unknown>;
    };
    // The simulator interprets no Daml: this instruction has no `transfer`, which its view reads.
    const created = await submit({ CreateCommand: { templateId: '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction', createArguments: { sender: alice, receiver: alice, amount: '1.0' } } }, 'ill-formed-ti');
    const cid = ((created['transaction'] as { events: Array<{ CreatedEvent: { contractId: string } }> }).events[0]!).CreatedEvent.contractId;
    const filter = { InterfaceFilter: { value: { interfaceId: TI, includeInterfaceView: true } } };
    const before = await acs(alice, filter);
    const ill = before.find((c) => c.contractId === cid);
    assert.ok(ill !== undefined, 'the ill-formed instruction is in the snapshot');
    assert.equal(ill.interfaceViews.length, 1);
    assert.notEqual(ill.interfaceViews[0]!.viewStatus.code, 0);
    assert.match(ill.interfaceViews[0]!.viewStatus.message ?? "", /transfer/);
    assert.equal(ill.interfaceViews[0]!.viewValue, undefined);
    // The well-formed ones are read as before, in the same answer.
    assert.ok(before.filter((c) => c.contractId !== cid).every((c) => c.interfaceViews[0]!.viewStatus.code === 0));

    await submit({ ExerciseCommand: { templateId: '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction', contractId: cid, choice: 'Archive', choiceArgument: {} } }, 'ill-formed-ti-archive');
    const after = await acs(alice, filter);
    assert.equal(after.find((c) => c.contractId === cid), undefined, 'archived: in no later snapshot');
    assert.deepEqual(after.map((c) => c.contractId).sort(), before.filter((c) => c.contractId !== cid).map((c) => c.contractId).sort());
  });
});
