/**
 * The token-standard interfaces the simulated templates implement, and their views: what a
 * participant computes for a created event when a filter asks for an interface's view. Amulet
 * and LockedAmulet are `Holding`s (the amount is the amulet's initial amount, as Splice's view
 * has it; holding fees are not subtracted), an AmuletTransferInstruction is a
 * `TransferInstruction` waiting for its receiver; both amulets are v2 `Holding`s too (an account
 * instead of an owner), and an AmuletAllocation is an `Allocation`.
 */
import { list, none, numeric, party, rec, some, text, textMap, time, variant, type DamlValue } from './daml.js';
import type { ContractData, TemplateRef } from './model.js';
import { I, T } from './templates.js';

/** A field of a Daml record value, by a path of labels. */
const at = (value: DamlValue, ...labels: string[]): DamlValue => {
  let v = value;
  for (const label of labels) {
    const f = v.t === 'record' ? v.fields.find(([k]) => k === label)?.[1] : undefined;
    if (f === undefined) throw new Error(`simulated contract without ${labels.join('.')}`);
    v = f;
  }
  return v;
};

const amuletId = (dso: DamlValue): DamlValue => rec({ admin: dso, id: text('Amulet') });
const emptyMeta = rec({ values: textMap([]) });

const amuletHolding = (amulet: DamlValue, lock: DamlValue): DamlValue =>
  rec({
    owner: at(amulet, 'owner'),
    instrumentId: amuletId(at(amulet, 'dso')),
    amount: at(amulet, 'amount', 'initialAmount'),
    lock,
    meta: rec({
      values: textMap([
        ['amulet.splice.lfdecentralizedtrust.org/created-in-round', text((at(amulet, 'amount', 'createdAt', 'number') as { v: string }).v)],
        ['amulet.splice.lfdecentralizedtrust.org/rate-per-round', text((at(amulet, 'amount', 'ratePerRound', 'rate') as { v: string }).v)],
      ]),
    }),
  });

/** HoldingV2's view: the v1 fields, the owner moved into an account (no provider, id ""), as Splice's Amulet has it. */
const holdingV2 = (v1: DamlValue): DamlValue =>
  rec({ account: rec({ id: text(''), owner: at(v1, 'owner'), provider: none }), amount: at(v1, 'amount'), instrumentId: at(v1, 'instrumentId'), lock: at(v1, 'lock'), meta: at(v1, 'meta') });

const lockedHolding = (args: DamlValue): DamlValue => {
  const lock = at(args, 'lock');
  return amuletHolding(at(args, 'amulet'), some(rec({ holders: at(lock, 'holders'), expiresAt: some(at(lock, 'expiresAt')), expiresAfter: none, context: at(lock, 'optContext') })));
};

const VIEWS: ReadonlyMap<string, ReadonlyArray<{ readonly iface: TemplateRef; readonly view: (args: DamlValue) => DamlValue }>> = new Map([
  // V1 first: a participant lists the views in the order of the filters, and parsers read the first.
  [
    T.Amulet.id,
    [
      { iface: I.Holding, view: (args: DamlValue) => amuletHolding(args, none) },
      { iface: I.HoldingV2, view: (args: DamlValue) => holdingV2(amuletHolding(args, none)) },
    ],
  ],
  [
    T.LockedAmulet.id,
    [
      { iface: I.Holding, view: lockedHolding },
      { iface: I.HoldingV2, view: (args: DamlValue) => holdingV2(lockedHolding(args)) },
    ],
  ],
  [T.AmuletAllocation.id, [{ iface: I.Allocation, view: (args: DamlValue) => rec({ allocation: at(args, 'allocation'), holdingCids: list([at(args, 'lockedAmulet')]), meta: emptyMeta }) }]],
  [
    T.AmuletTransferInstruction.id,
    [
      {
        iface: I.TransferInstruction,
        view: (args: DamlValue) => rec({ originalInstructionCid: none, transfer: at(args, 'transfer'), status: variant('TransferPendingReceiverAcceptance'), meta: emptyMeta }),
      },
    ],
  ],
]);

/** The interfaces a template implements, with the view of a contract of it through each. */
export const interfacesOf = (template: TemplateRef): ReadonlyArray<{ readonly iface: TemplateRef; readonly view: (c: ContractData) => DamlValue }> =>
  (VIEWS.get(template.id) ?? []).map(({ iface, view }) => ({ iface, view: (c: ContractData) => view(c.args) }));

/** The `transfer` record of a transfer instruction (the Daml `Transfer` of the interface). */
export const transferRecord = (fields: {
  readonly sender: string;
  readonly receiver: string;
  readonly amount: string;
  readonly dso: string;
  readonly requestedAt: number;
  readonly executeBefore: number;
  readonly inputs: readonly string[];
  /** The transfer's meta (`splice.lfdecentralizedtrust.org/reason` ...); empty unless given. */
  readonly meta?: ReadonlyArray<readonly [string, string]>;
}): DamlValue =>
  rec({
    sender: party(fields.sender),
    receiver: party(fields.receiver),
    amount: numeric(fields.amount),
    instrumentId: amuletId(party(fields.dso)),
    requestedAt: time(fields.requestedAt),
    executeBefore: time(fields.executeBefore),
    inputHoldingCids: list(fields.inputs.map((c) => ({ t: 'contractId', v: c }) as const)),
    meta: fields.meta === undefined ? emptyMeta : metaOf(fields.meta),
  });

/** A token-standard `Metadata` record from text pairs. */
export const metaOf = (values: ReadonlyArray<readonly [string, string]>): DamlValue => rec({ values: textMap(values.map(([k, v]) => [k, text(v)] as const)) });
