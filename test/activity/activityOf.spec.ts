import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { lastValueFrom, toArray } from 'rxjs';
import { activityOf, type ActivityElement } from '../../src/activity/activityOf';
import { scanActivity } from '../../src/operators/scanActivity';
import { decimalUnits } from '../../src/codecs/common/decimalUnits';
import { createClient } from '../../src/clientFactory/createClient';
import { startSimulatedNetwork } from '../../src/testkit/index';
import { readFixture, listFixtures } from '../helpers/fixtures';

type Transfer = ActivityElement & { kind: 'transfer' };
const u = (d: string): bigint => decimalUnits(d)!;

/** For every transfer: the sum of its inputs, less its outputs and the sender's change, is the fees burned. */
const balances = (t: Transfer): boolean => {
  const inputs = Object.values(t.inputs).reduce((a, d) => a + u(d), 0n);
  const outputs = t.outputs.reduce((a, o) => a + u(o.amount), 0n);
  const fees = u(t.fees.holding) + u(t.fees.outputs) + u(t.fees.senderChange);
  return inputs - outputs - u(t.senderChange) === u(t.fees.burned) && fees === u(t.fees.burned);
};

describe('activityOf and scanActivity', function () {
  this.timeout(30_000);

  it('reads the MainNet pages of the fixtures: every transfer balances (inputs − outputs − change = fees burned), rounds, rewards and other elements named', () => {
    const kinds = new Map<string, number>();
    let transfers = 0;
    for (const file of listFixtures('scan', 'v2-updates__')) {
      const page = readFixture('scan', file) as { transactions: unknown[] };
      for (const item of page.transactions) {
        for (const e of activityOf(item)) {
          kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
          if (e.kind === 'transfer') {
            transfers++;
            assert.ok(balances(e), `${file} ${e.eventId}: ${JSON.stringify(e)}`);
          }
          if (e.kind === 'other') assert.ok(e.template.length > 0);
        }
      }
    }
    assert.ok(transfers >= 5, `${transfers} transfers`);
    for (const k of ['transfer', 'reward-minted', 'round', 'other']) assert.ok((kinds.get(k) ?? 0) > 0, `no ${k}: ${JSON.stringify([...kinds])}`);
  });

  it('reads a fee-paying transfer exactly (Scan writes 0E-10): the MainNet traffic purchase of the docs, its holding fee included', () => {
    const event = Object.values(readFixture('scan', 'v2-updates-event-exercised__hyperledger-labs-splice__docs-2.json') as Record<string, Record<string, unknown>>)[0]!;
    const args = { ...(event.choice_argument as { synchronizerId: string }), provider: 'p::1', memberId: 'PAR::m', context: { openMiningRound: '00', issuingMiningRounds: [], validatorRights: [] } };
    const summary = { ...((event.exercise_result as { summary: object }).summary), balanceChanges: [] };
    const tx = { update_id: 'u', migration_id: 1, record_time: '2025-01-01T00:00:00.000000Z', root_event_ids: ['x'], events_by_id: { x: { ...event, event_id: 'x', package_name: 'splice-amulet', child_event_ids: [], choice_argument: args, exercise_result: { ...(event.exercise_result as object), summary } } } };
    const [purchase, transfer] = activityOf(tx) as [ActivityElement, Transfer];
    assert.deepEqual(purchase, { kind: 'traffic-purchase', eventId: 'x', provider: 'p::1', memberId: 'PAR::m', synchronizerId: args.synchronizerId, trafficAmount: '1999800', amuletPaid: '23997.6000000000', round: '10470' });
    assert.equal(transfer.kind, 'transfer');
    assert.deepEqual(transfer.fees, { holding: '0.0076103600', outputs: '209.9976000000', senderChange: '6.0000000000', burned: '216.0052103600' });
    assert.deepEqual(transfer.outputs, [{ receiver: null, amount: '23787.6024000000', fee: '209.9976000000', locked: false }], 'the traffic paid, less its fee: the inputs then add up');
    assert.equal(transfer.inputs.appRewards, '0.0000000000');
    assert.ok(balances(transfer));
  });

  it('names how a transfer came from the exercise above it: a preapproval, a transfer instruction, a transfer command, else direct', () => {
    const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: Array<{ events_by_id: Record<string, Record<string, unknown>> }> };
    const transfer = page.transactions.flatMap((t) => Object.values(t.events_by_id)).find((e) => e.choice === 'AmuletRules_Transfer')!;
    const tx = (parentChoice: string | undefined) => ({
      update_id: 'u', migration_id: 0, record_time: '2025-01-01T00:00:00.000000Z',
      root_event_ids: [parentChoice === undefined ? 't' : 'p'],
      events_by_id: {
        ...(parentChoice === undefined ? {} : { p: { event_type: 'exercised_event', event_id: 'p', contract_id: 'c', template_id: 'h:Splice.Other:Thing', package_name: 'some-package', choice: parentChoice, choice_argument: {}, exercise_result: {}, child_event_ids: ['t'], consuming: true, acting_parties: [], interface_id: null } }),
        t: { ...transfer, event_id: 't', child_event_ids: [] },
      },
    });
    const via = (c: string | undefined) => (activityOf(tx(c)).find((e) => e.kind === 'transfer') as Transfer).via;
    assert.deepEqual([undefined, 'TransferPreapproval_Send', 'TransferPreapproval_SendV2', 'TransferFactory_Transfer', 'TransferInstruction_Accept', 'TransferCommand_Send', 'SomethingElse'].map(via), ['direct', 'preapproval', 'preapproval', 'transfer-instruction', 'transfer-instruction', 'transfer-command', 'direct']);
    assert.deepEqual(activityOf(tx('SomethingElse')).map((e) => e.kind).filter((k) => k === 'other'), [], 'a root with a transfer below is no other');
  });

  it('on every transaction the simulated network produces: every transfer balances, and taps, rounds and votes are read; items pass one for one with their own checkpoints', async () => {
    const net = await startSimulatedNetwork({ seed: 28, updates: 800 });
    try {
      const out = await lastValueFrom(createClient({ scan: { url: net.scanUrl } }).scan.updates({ page_size: 97 }).pipe(scanActivity(), toArray()));
      assert.equal(out.length, net.info().updates);
      const kinds = new Map<string, number>();
      for (const r of out) {
        assert.ok(E.isRight(r));
        for (const e of r.right.elements) {
          kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
          if (e.kind === 'transfer') assert.ok(balances(e), JSON.stringify(e));
        }
      }
      for (const k of ['transfer', 'mint', 'round', 'vote']) assert.ok((kinds.get(k) ?? 0) > 0, `no ${k}: ${JSON.stringify([...kinds])}`);
    } finally {
      await net.close();
    }
  });
});
