import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import { from, lastValueFrom, toArray } from 'rxjs';
import * as t from 'io-ts';
import { typedPayloads, type TypedItem } from '../../src/operators/typedPayloads';
import type { UserTemplate } from '../../src/codecs/splice/daml/payloadDecoders';
import type { CantonError } from '../../src/errors/CantonError';
import { fixtureEvents } from '../codecs/splice/fixturePayloads';

const run = async <I>(items: ReadonlyArray<E.Either<CantonError, I>>, options?: Parameters<typeof typedPayloads>[0]): Promise<Array<E.Either<CantonError, TypedItem<I>>>> =>
  lastValueFrom(from(items).pipe(typedPayloads<I>(options), toArray()));

const amulet = { dso: 'DSO::1', owner: 'alice::1', amount: { initialAmount: '10.0000000000', createdAt: { number: '3' }, ratePerRound: { rate: '0.0038051800' } } };
const scanTx = (events: Record<string, unknown>) => ({ update_id: 'u1', migration_id: 0, record_time: '2025-01-01T00:00:00.000000Z', events_by_id: events });
const created = (id: string, templateId: string, args: unknown, packageName = 'splice-amulet') => ({ event_type: 'created_event', event_id: id, contract_id: `c-${id}`, template_id: templateId, package_name: packageName, create_arguments: args });

describe('typedPayloads', () => {
  it('types every MainNet and DevNet payload of the fixtures whose template it knows, and refuses none', async () => {
    const events = fixtureEvents();
    const out = await run(events.map((e) => E.right(e.item)));
    const refused = out.flatMap((r, i) => (E.isRight(r) ? r.right.refused.map((x) => `${events[i]!.file}: ${x.template} ${x.choice ?? ''} ${x.part} ${JSON.stringify(x.issues[0])}`) : ['left']));
    assert.deepEqual(refused, []);
    const typed = out.filter((r) => E.isRight(r) && r.right.events.length === 1).length;
    // Most fixture payloads are Splice templates canton-rx types; the rest (SV state, DSO bootstrap, registry utilities, test models) are kept as they are.
    assert.ok(typed >= 1400, `typed ${typed} of ${events.length}`);
    const names = new Set(out.flatMap((r) => (E.isRight(r) ? r.right.events.map((e) => e.template) : [])));
    for (const name of ['splice-amulet:Splice.Amulet:Amulet', 'splice-amulet:Splice.Amulet:LockedAmulet', 'splice-amulet:Splice.AmuletRules:AmuletRules', 'splice-amulet:Splice.Round:OpenMiningRound', 'splice-amulet:Splice.Round:IssuingMiningRound', 'splice-amulet:Splice.ValidatorLicense:ValidatorLicense', 'splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction', 'splice-amulet:Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules']) {
      assert.ok(names.has(name), name);
    }
  });

  it('matches a template by module and entity whatever its package id, and by name on `#package-name:` ids', async () => {
    const [a, b, c] = await run([
      E.right(scanTx({ x: created('x', '3ca1343ab26b453d38c8adb70dca5f1ead8440c42b59b68f070786955cbf9ec1:Splice.Amulet:Amulet', amulet) })),
      E.right(scanTx({ x: created('x', '#splice-amulet:Splice.Amulet:Amulet', amulet) })),
      E.right(scanTx({ x: created('x', '#other-package:Splice.Amulet:Amulet', amulet, 'other-package') })),
    ]);
    assert.equal(E.isRight(a) && a.right.events[0]?.template, 'splice-amulet:Splice.Amulet:Amulet');
    assert.equal(E.isRight(b) && b.right.events[0]?.template, 'splice-amulet:Splice.Amulet:Amulet');
    assert.deepEqual(E.isRight(c) && c.right.events, []);
  });

  it('keeps unknown fields and accepts a later version without its new fields; a new variant constructor passes, but strictly', async () => {
    const newer = { ...amulet, futureField: { x: 1 } };
    const transferArg = { transfer: { sender: 'a::1', provider: 'a::1', inputs: [{ tag: 'InputFutureCoupon', value: '00ab' }], outputs: [] }, context: { openMiningRound: '00cd', issuingMiningRounds: [], validatorRights: [] } };
    const exercised = { event_type: 'exercised_event', event_id: 'y', contract_id: 'c', template_id: 'h:Splice.AmuletRules:AmuletRules', package_name: 'splice-amulet', choice: 'AmuletRules_Transfer', choice_argument: transferArg, exercise_result: null, child_event_ids: [], consuming: false, acting_parties: [], interface_id: null };
    const [r] = await run([E.right(scanTx({ x: created('x', 'h:Splice.Amulet:Amulet', newer) }))]);
    assert.ok(E.isRight(r));
    assert.equal((r.right.events[0] as { payload: unknown }).payload, newer, 'the typed value is the payload itself, unknown field kept');
    const [open] = await run([E.right(scanTx({ y: { ...exercised, exercise_result: undefined } }))]);
    assert.ok(E.isRight(open));
    assert.deepEqual(open.right.refused.map((x) => x.part), ['exercise_result'], 'the argument with a new constructor passes; a missing result is refused');
    const [strict] = await run([E.right(scanTx({ y: exercised }))], { strict: true });
    assert.ok(E.isLeft(strict) && strict.left._tag === 'DecodeError');
    assert.ok(strict.left.issues.some((i) => i.path === 'events_by_id.y.choice_argument.transfer.inputs.0.tag' && /InputFutureCoupon/.test(i.message ?? '')), JSON.stringify(strict.left.issues));
  });

  it('reports a refused payload per event with its path, delivers the item, keeps Lefts; strict makes it a Left', async () => {
    const bad = { ...amulet, amount: { ...amulet.amount, initialAmount: 10.5 } };
    const left: E.Either<CantonError, unknown> = E.left({ _tag: 'TimeoutError', timeoutMs: 5 } as unknown as CantonError);
    const items = [E.right(scanTx({ x: created('x', 'h:Splice.Amulet:Amulet', bad), y: created('y', 'h:Splice.Amulet:Amulet', amulet) })), left];
    const [r, l] = await run(items);
    assert.ok(E.isRight(r));
    assert.equal(r.right.events.length, 1);
    assert.deepEqual(r.right.refused.map((x) => [x.eventId, x.part, x.issues[0]?.path]), [['x', 'create_arguments', 'events_by_id.x.create_arguments.amount.initialAmount']]);
    assert.equal(l, left);
    const [s] = await run(items.slice(0, 1), { strict: true });
    assert.ok(E.isLeft(s) && s.left._tag === 'DecodeError' && s.left.issues[0]!.path === 'events_by_id.x.create_arguments.amount.initialAmount');
  });

  it("types the ledger's createArgument, choiceArgument and exerciseResult (ledger.updates items)", async () => {
    const update = { Transaction: { value: { updateId: 'u', offset: 7, events: [{ CreatedEvent: { nodeId: 0, contractId: 'c0', templateId: '#splice-amulet:Splice.Amulet:Amulet', packageName: 'splice-amulet', createArgument: amulet } }, { ArchivedEvent: { nodeId: 1 } }] } } };
    const [r] = await run([E.right(update)]);
    assert.ok(E.isRight(r));
    assert.deepEqual(r.right.events.map((e) => [e.eventId, e.kind, e.template]), [['0', 'created', 'splice-amulet:Splice.Amulet:Amulet']]);
  });

  it("takes the user's own templates: io-ts codecs, { create, choices }, and Daml codegen companions (decoder.run)", async () => {
    const iou = { issuer: 'bank::1', owner: 'alice::1', amount: '5.0' };
    const Iou = t.type({ issuer: t.string, owner: t.string, amount: t.string });
    const ok = <A>(result: A) => ({ ok: true as const, result });
    const companion = {
      templateId: 'abc:Iou:Iou',
      decoder: { run: (x: unknown) => (typeof (x as { owner?: unknown }).owner === 'string' ? ok(x) : { ok: false as const, error: { at: 'input.owner', message: 'expected a string' } }) },
      Iou_Transfer: { choiceName: 'Iou_Transfer', argumentDecoder: { run: (x: unknown) => ok(x) }, resultDecoder: { run: (x: unknown) => ok(x) } },
    };
    const exercise = { event_type: 'exercised_event', event_id: 'z', contract_id: 'c', template_id: 'h:Iou:Iou', package_name: 'my-model', choice: 'Iou_Transfer', choice_argument: { newOwner: 'bob::1' }, exercise_result: 'c2' };
    const tx = scanTx({ x: created('x', 'h:Iou:Iou', iou, 'my-model'), z: exercise, w: created('w', 'h:Iou:Iou', { issuer: 'b' }, 'my-model') });
    const choices: ReadonlyArray<Readonly<Record<string, UserTemplate>>> = [{ 'my-model:Iou:Iou': Iou }, { 'Iou:Iou': { create: Iou, choices: { Iou_Transfer: { argument: t.type({ newOwner: t.string }), result: t.string } } } }, { 'Iou:Iou': companion }];
    for (const templates of choices) {
      const [r] = await run([E.right(tx)], { templates });
      assert.ok(E.isRight(r));
      assert.equal(r.right.events[0]?.kind, 'created');
      assert.deepEqual(r.right.refused.map((x) => [x.eventId, x.issues[0]?.path]), [['w', 'events_by_id.w.create_arguments.owner']]);
    }
    const [c] = await run([E.right(tx)], { templates: { 'Iou:Iou': companion } });
    assert.ok(E.isRight(c));
    assert.deepEqual(c.right.events.map((e) => (e.kind === 'exercised' ? [e.choice, e.argument, e.result] : e.kind)), ['created', ['Iou_Transfer', { newOwner: 'bob::1' }, 'c2']]);
  });

  it('a codegen decoder that throws is a refusal, not a crash', async () => {
    const companion = { decoder: { run: (): never => { throw new Error('boom'); } } };
    const [r] = await run([E.right(scanTx({ x: created('x', 'h:M:T', {}, 'p') }))], { templates: { 'M:T': companion } });
    assert.ok(E.isRight(r) && /boom/.test(r.right.refused[0]!.issues[0]!.message ?? ''));
  });
});
