import { decimalUnits, unitsToDecimal } from '../codecs/common/decimalUnits.js';
import { isJsonObject } from '../codecs/common/primitives.js';
import { payloadDecoders, type TemplateDecoders } from '../codecs/splice/daml/payloadDecoders.js';
import type { TransferSummary } from '../codecs/splice/daml/AmuletRules.js';
import { typeEvent, type PayloadRefusal, type TypedEvent } from './typeItem.js';
import { ROOT, scanPayloadEvent } from './internal/payloadEvents.js';

// The Splice payloads the activity reads, and only those: typing the others (Amulet creates,
// most of a page; the DSO's status reports) would cost without changing an element. By template:
// whether its create arguments are read, and which of its choices.
type Read = { readonly create: boolean; readonly choices: ReadonlyArray<string> };
const CREATE_ONLY: Read = { create: true, choices: [] };
const READ: ReadonlyMap<string, Read> = new Map<string, Read>([
  ['splice-amulet:Splice.AmuletRules:AmuletRules', { create: false, choices: ['AmuletRules_Transfer', 'AmuletRules_BuyMemberTraffic', 'AmuletRules_CreateTransferPreapproval', 'AmuletRules_DevNet_Tap', 'AmuletRules_Mint'] }],
  ['splice-amulet:Splice.Amulet:LockedAmulet', CREATE_ONLY],
  ['splice-amulet:Splice.Round:OpenMiningRound', CREATE_ONLY],
  ['splice-amulet:Splice.Round:SummarizingMiningRound', CREATE_ONLY],
  ['splice-amulet:Splice.Round:IssuingMiningRound', CREATE_ONLY],
  ['splice-amulet:Splice.Round:ClosedMiningRound', CREATE_ONLY],
  ['splice-amulet-name-service:Splice.Ans:AnsEntry', CREATE_ONLY],
  ['splice-amulet:Splice.ValidatorLicense:ValidatorLicense', CREATE_ONLY],
  ['splice-dso-governance:Splice.DsoRules:DsoRules', { create: false, choices: ['DsoRules_RequestVote', 'DsoRules_CastVote', 'DsoRules_CloseVoteRequest'] }],
]);
const splice = payloadDecoders();
// Each template's decoders narrowed to what READ names, made once.
const narrowed = new Map<TemplateDecoders, TemplateDecoders | null>();
const lookup: typeof splice = (templateId, packageName) => {
  const d = splice(templateId, packageName);
  if (d === undefined) return undefined;
  let n = narrowed.get(d);
  if (n === undefined) {
    const read = READ.get(d.name);
    const choices = new Set(read?.choices ?? []);
    n = read === undefined ? null : { name: d.name, ...(read.create && d.create !== undefined ? { create: d.create } : {}), choice: (c: string) => (choices.has(c) ? d.choice(c) : undefined) };
    narrowed.set(d, n);
  }
  return n ?? undefined;
};

/**
 * Amounts by kind of what a transfer spent: Amulet, and the rewards it minted on the way (a
 * partition: `validatorRewards` excludes the faucet's part, which Splice's summary counts in both).
 * @example
 * ```ts
 * import type { ActivityInputs } from 'canton-rx';
 * const minted = (i: ActivityInputs) => [i.appRewards, i.validatorRewards, i.svRewards, i.validatorFaucet];
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface ActivityInputs {
  readonly amulet: string;
  readonly appRewards: string;
  readonly validatorRewards: string;
  readonly svRewards: string;
  readonly validatorFaucet: string;
  readonly unclaimedActivity: string;
  readonly developmentFund: string;
}

/**
 * An Amulet holding (an `Amulet`, or a `LockedAmulet` when `locked`) as its create event gives
 * it: owner, `amount` (its `initialAmount`), the round it was created in (`createdAt`) and the
 * holding fee it pays per round (`ratePerRound`); exact decimals. Its effective amount at round
 * `r` is `max(0, amount − (r − createdAt) × ratePerRound)`, as Splice computes it (docs/activity.md).
 * @example
 * ```ts
 * import type { ActivityHolding } from 'canton-rx';
 * const key = (h: ActivityHolding) => `${h.owner} ${h.contractId}`;
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export interface ActivityHolding {
  readonly contractId: string;
  readonly owner: string;
  readonly amount: string;
  readonly createdAt: string;
  readonly ratePerRound: string;
  readonly locked: boolean;
}

/**
 * One action of Scan's history, as `scan.activity` reads it (docs/activity.md). Amounts are
 * Daml `Decimal` strings with 10 fractional digits, exact; `eventId` is the event it was read
 * from. A `transfer` holds its fees: `holding` (the inputs' holding fees), `outputs` (one per
 * output), `senderChange`, and `burned`, their sum; its invariant is
 * `sum(inputs) − sum(outputs.amount) − senderChange == burned`.
 * @example
 * ```ts
 * import type { ActivityElement } from 'canton-rx';
 * const burned = (e: ActivityElement) => (e.kind === 'transfer' ? e.fees.burned : '0.0000000000');
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export type ActivityElement =
  | {
      readonly kind: 'transfer';
      readonly eventId: string;
      readonly round: string;
      readonly sender: string;
      readonly provider?: string;
      /** How the transfer came: a direct AmuletRules_Transfer, a preapproval, a token-standard transfer instruction or factory, a transfer command, a traffic purchase, a preapproval's creation. */
      readonly via: 'direct' | 'preapproval' | 'transfer-instruction' | 'transfer-command' | 'traffic-purchase' | 'create-preapproval' | 'other';
      readonly inputs: ActivityInputs;
      /** Each output: its receiver (`null`: Amulet paid to the DSO and burned, for traffic or a preapproval), amount, fee, and whether it is locked. */
      readonly outputs: ReadonlyArray<{ readonly receiver: string | null; readonly amount: string; readonly fee: string; readonly locked: boolean }>;
      readonly senderChange: string;
      readonly fees: { readonly holding: string; readonly outputs: string; readonly senderChange: string; readonly burned: string };
      readonly amuletPrice: string;
    }
  | { readonly kind: 'mint'; readonly eventId: string; readonly how: 'tap' | 'mint'; readonly receiver: string; readonly amount: string; readonly round: string }
  | { readonly kind: 'reward-minted'; readonly eventId: string; readonly reward: 'app' | 'validator' | 'sv' | 'validator-faucet' | 'unclaimed-activity' | 'development-fund'; readonly beneficiary: string; readonly amount: string; readonly round: string }
  | { readonly kind: 'traffic-purchase'; readonly eventId: string; readonly provider: string; readonly memberId: string; readonly synchronizerId: string; readonly trafficAmount: string; readonly amuletPaid: string; readonly round: string }
  | { readonly kind: 'lock'; readonly eventId: string; readonly owner: string; readonly amount: string; readonly holders: ReadonlyArray<string>; readonly expiresAt: string }
  | { readonly kind: 'unlock'; readonly eventId: string; readonly choice: string }
  | { readonly kind: 'round'; readonly eventId: string; readonly phase: 'opened' | 'summarized' | 'issuing' | 'closed'; readonly round: string }
  | { readonly kind: 'ans-entry'; readonly eventId: string; readonly action: 'created' | 'renewed'; readonly user: string; readonly name: string; readonly expiresAt: string }
  | { readonly kind: 'validator-licence'; readonly eventId: string; readonly validator: string; readonly sponsor: string }
  | { readonly kind: 'vote'; readonly eventId: string; readonly action: 'requested' | 'cast' | 'closed'; readonly outcome?: string }
  | { readonly kind: 'other'; readonly eventId: string; readonly template: string; readonly choice?: string }
  /** The Amulet holdings a root event (and the events below it) created and archived, after that root's other elements: what a balance folds. */
  | { readonly kind: 'holdings'; readonly eventId: string; readonly created: ReadonlyArray<ActivityHolding>; readonly archived: ReadonlyArray<{ readonly contractId: string; readonly locked: boolean }> };

const units = (d: string | null | undefined): bigint => (d === null || d === undefined ? 0n : decimalUnits(d, true) ?? 0n);
// A Numeric already in the canonical form (10 fractional digits) is kept as it is: no big-integer round trip.
const CANONICAL = /^-?(?:0|[1-9]\d*)\.\d{10}$/;
const dec = (d: string | null | undefined): string => (typeof d === 'string' && CANONICAL.test(d) && d !== '-0.0000000000' ? d : unitsToDecimal(units(d)));
const sum = (ds: ReadonlyArray<string | null | undefined>): string => unitsToDecimal(ds.reduce((a, d) => a + units(d), 0n));

const AMULET_RULES = 'splice-amulet:Splice.AmuletRules:AmuletRules';
const VIA: Readonly<Record<string, ActivityElement & { kind: 'transfer' } extends { via: infer V } ? V : never>> = {
  TransferPreapproval_Send: 'preapproval',
  TransferPreapproval_SendV2: 'preapproval',
  TransferFactory_Transfer: 'transfer-instruction',
  TransferInstruction_Accept: 'transfer-instruction',
  TransferCommand_Send: 'transfer-command',
};

// Splice counts the faucet coupons in the validator rewards too (`inputValidatorRewardAmount`
// includes `inputValidatorFaucetAmount`: MainNet's summaries add up only so): the element
// gives them apart, so that the inputs are a partition and add up to what was spent.
const inputsOf = (s: TransferSummary): ActivityInputs => ({
  amulet: dec(s.inputAmuletAmount),
  appRewards: dec(s.inputAppRewardAmount),
  validatorRewards: unitsToDecimal(units(s.inputValidatorRewardAmount) - units(s.inputValidatorFaucetAmount)),
  svRewards: dec(s.inputSvRewardAmount),
  validatorFaucet: dec(s.inputValidatorFaucetAmount),
  unclaimedActivity: dec(s.inputUnclaimedActivityRecordAmount),
  developmentFund: dec(s.inputDevelopmentFundAmount),
});

const REWARDS: ReadonlyArray<readonly [keyof ActivityInputs, (ActivityElement & { kind: 'reward-minted' })['reward']]> = [
  ['appRewards', 'app'],
  ['validatorRewards', 'validator'],
  ['svRewards', 'sv'],
  ['validatorFaucet', 'validator-faucet'],
  ['unclaimedActivity', 'unclaimed-activity'],
  ['developmentFund', 'development-fund'],
];

type Rec = Record<string, unknown>;
const str = (u: unknown): string => (typeof u === 'string' ? u : '');
const rec = (u: unknown): Rec => (isJsonObject(u) ? (u as Rec) : {});

// Amulet's holdings, by their template's qualified name, whatever the package id (and of the
// package splice-amulet when the event names it): read from the raw payload, so that the
// activity need not type every Amulet create of a page.
const holdingKind = (raw: Rec): 'Amulet' | 'LockedAmulet' | undefined => {
  const id = raw.template_id;
  // Most events are of other templates: one cheap test before the two precise ones.
  if (typeof id !== 'string' || !id.endsWith('Amulet') || (raw.package_name !== undefined && raw.package_name !== null && raw.package_name !== 'splice-amulet')) return undefined;
  return id.endsWith(':Splice.Amulet:Amulet') ? 'Amulet' : id.endsWith(':Splice.Amulet:LockedAmulet') ? 'LockedAmulet' : undefined;
};

/** A holding created: an Amulet's `ExpiringAmount`, a locked one's inside its `amulet`. */
const holdingOf = (raw: Rec, locked: boolean): ActivityHolding => {
  const args = rec(raw.create_arguments);
  const amulet = locked ? rec(args.amulet) : args;
  const amount = rec(amulet.amount);
  return { contractId: str(raw.contract_id), owner: str(amulet.owner), amount: dec(amount.initialAmount as string), createdAt: str(rec(amount.createdAt).number), ratePerRound: dec(rec(amount.ratePerRound).rate as string), locked };
};

/** The transfer element of an event with a transfer summary, and the reward mints it did. */
const transferOf = (
  eventId: string,
  via: (ActivityElement & { kind: 'transfer' })['via'],
  sender: string,
  provider: string | undefined,
  round: string,
  s: TransferSummary,
  outputs: ReadonlyArray<{ receiver: string | null; amount: string; locked: boolean }>,
): ActivityElement[] => {
  const inputs = inputsOf(s);
  const outs = outputs.map((o, i) => ({ ...o, amount: dec(o.amount), fee: dec(s.outputFees[i]) }));
  const fees = { holding: dec(s.holdingFees), outputs: sum(s.outputFees), senderChange: dec(s.senderChangeFee), burned: sum([s.holdingFees, ...s.outputFees, s.senderChangeFee]) };
  const transfer: ActivityElement = { kind: 'transfer', eventId, round, sender, ...(provider === undefined ? {} : { provider }), via, inputs, outputs: outs, senderChange: dec(s.senderChangeAmount), fees, amuletPrice: dec(s.amuletPrice) };
  const rewards: ActivityElement[] = REWARDS.filter(([k]) => units(inputs[k]) !== 0n).map(([k, reward]) => ({ kind: 'reward-minted', eventId, reward, beneficiary: sender, amount: inputs[k], round }));
  return [...rewards, transfer];
};

/**
 * What one item of Scan's update history did, one element per action, in the order of its
 * events (a pre-order walk of the transaction tree): transfers with their fees, mints (taps),
 * reward coupons minted by kind, traffic purchases, locks and unlocks, round lifecycle, ANS
 * entries created and renewed, validator licences, votes; any other root event as `other`,
 * naming its template and choice. Pure and exact (decimal strings, no float). An item that is no
 * transaction (a reassignment) has none.
 * @example
 * ```ts
 * import { activityOf, type codecs } from 'canton-rx';
 * const transfers = (item: codecs.scan.UpdateHistoryItemV2) => activityOf(item).filter((e) => e.kind === 'transfer');
 * ```
 * @category Payloads
 * @since 0.5.0
 */
export const activityOf = (item: unknown): ActivityElement[] => {
  if (!isJsonObject(item) || !isJsonObject(item.events_by_id) || !Array.isArray(item.root_event_ids)) return [];
  const byId = item.events_by_id as Record<string, Rec>;
  // Each event typed when the walk reaches it, if the activity reads its template (a refusal
  // leaves it untyped: docs/activity.md), so that the events of other templates cost nothing.
  const refusals: PayloadRefusal[] = [];
  const typedOf = (raw: unknown, id: string): TypedEvent | undefined => {
    const ev = scanPayloadEvent(raw, id, ROOT, lookup);
    return ev === undefined ? undefined : typeEvent(ev, ev.picked, false, refusals);
  };
  const out: ActivityElement[] = [];
  // Whether a descendant is an AmuletRules_Transfer: then that event is the transfer, not its parent.
  const hasTransferBelow = (id: string): boolean => {
    const children = byId[id]?.child_event_ids;
    return Array.isArray(children) && children.some((c: unknown) => typeof c === 'string' && (byId[c]?.choice === 'AmuletRules_Transfer' || hasTransferBelow(c)));
  };
  const visit = (id: string, via: (ActivityElement & { kind: 'transfer' })['via'], root: boolean): void => {
    const raw = byId[id];
    if (raw === undefined) return;
    const e = typedOf(raw, id);
    const before = out.length;
    // How the transfers below came: read from the choice's name, whatever its template's package.
    const rawChoice = typeof raw.choice === 'string' ? raw.choice : undefined;
    const nextVia = rawChoice !== undefined && VIA[rawChoice] !== undefined ? VIA[rawChoice]! : via;
    if (e?.kind === 'exercised') {
      const a = e.argument as Rec | undefined;
      const r = e.result as Rec | undefined;
      if (e.template === AMULET_RULES && e.choice === 'AmuletRules_Transfer' && a !== undefined && r !== undefined) {
        const t = a.transfer as { sender: string; provider: string; outputs: Array<{ receiver: string; amount: string; lock?: unknown }> };
        out.push(...transferOf(id, via, t.sender, t.provider, str((r.round as Rec).number), r.summary as TransferSummary, t.outputs.map((o) => ({ receiver: o.receiver, amount: o.amount, locked: o.lock !== null && o.lock !== undefined }))));
      } else if (e.template === AMULET_RULES && e.choice === 'AmuletRules_BuyMemberTraffic' && a !== undefined && r !== undefined) {
        const round = str((r.round as Rec).number);
        out.push({ kind: 'traffic-purchase', eventId: id, provider: str(a.provider), memberId: str(a.memberId), synchronizerId: str(a.synchronizerId), trafficAmount: str(a.trafficAmount), amuletPaid: dec(r.amuletPaid as string), round });
        // The Amulet paid for traffic includes the output's fee (a MainNet purchase adds up only so): the output is the rest.
        const summary = r.summary as TransferSummary;
        const paid = unitsToDecimal(units(r.amuletPaid as string) - units(sum(summary.outputFees)));
        if (!hasTransferBelow(id)) out.push(...transferOf(id, 'traffic-purchase', str(a.provider), str(a.provider), round, summary, [{ receiver: null, amount: paid, locked: false }]));
      } else if (e.template === AMULET_RULES && e.choice === 'AmuletRules_CreateTransferPreapproval' && a !== undefined && r !== undefined && !hasTransferBelow(id)) {
        const tr = r.transferResult as Rec;
        out.push(...transferOf(id, 'create-preapproval', str(a.provider), str(a.provider), str((tr.round as Rec).number), tr.summary as TransferSummary, [{ receiver: null, amount: r.amuletPaid as string, locked: false }]));
      } else if (e.template === AMULET_RULES && (e.choice === 'AmuletRules_DevNet_Tap' || e.choice === 'AmuletRules_Mint') && a !== undefined) {
        const sumRound = ((r?.amuletSum as Rec | undefined)?.round as Rec | undefined)?.number;
        out.push({ kind: 'mint', eventId: id, how: e.choice === 'AmuletRules_DevNet_Tap' ? 'tap' : 'mint', receiver: str(a.receiver), amount: dec(a.amount as string), round: str(sumRound) });
      } else if (e.choice === 'DsoRules_RequestVote') out.push({ kind: 'vote', eventId: id, action: 'requested' });
      else if (e.choice === 'DsoRules_CastVote') out.push({ kind: 'vote', eventId: id, action: 'cast' });
      else if (e.choice === 'DsoRules_CloseVoteRequest') out.push({ kind: 'vote', eventId: id, action: 'closed', outcome: str((r?.outcome as Rec | undefined)?.tag) });
    } else if (e === undefined && rawChoice !== undefined && holdingKind(raw) === 'LockedAmulet' && /Unlock|ExpireLock/.test(rawChoice)) {
      // Read from the choice's name: its payload says nothing more.
      out.push({ kind: 'unlock', eventId: id, choice: rawChoice });
    } else if (e?.kind === 'created') {
      const p = e.payload as Rec;
      if (e.template === 'splice-amulet:Splice.Amulet:LockedAmulet') {
        const am = p.amulet as Rec;
        const lock = p.lock as Rec;
        out.push({ kind: 'lock', eventId: id, owner: str(am.owner), amount: dec((am.amount as Rec).initialAmount as string), holders: lock.holders as string[], expiresAt: str(lock.expiresAt) });
      } else if (e.template === 'splice-amulet:Splice.Round:OpenMiningRound') out.push({ kind: 'round', eventId: id, phase: 'opened', round: str((p.round as Rec).number) });
      else if (e.template === 'splice-amulet:Splice.Round:SummarizingMiningRound') out.push({ kind: 'round', eventId: id, phase: 'summarized', round: str((p.round as Rec).number) });
      else if (e.template === 'splice-amulet:Splice.Round:IssuingMiningRound') out.push({ kind: 'round', eventId: id, phase: 'issuing', round: str((p.round as Rec).number) });
      else if (e.template === 'splice-amulet:Splice.Round:ClosedMiningRound') out.push({ kind: 'round', eventId: id, phase: 'closed', round: str((p.round as Rec).number) });
      else if (e.template === 'splice-amulet-name-service:Splice.Ans:AnsEntry') out.push({ kind: 'ans-entry', eventId: id, action: renewing.length > 0 ? 'renewed' : 'created', user: str(p.user), name: str(p.name), expiresAt: str(p.expiresAt) });
      else if (e.template === 'splice-amulet:Splice.ValidatorLicense:ValidatorLicense' && licenceChoice.length === 0) out.push({ kind: 'validator-licence', eventId: id, validator: str(p.validator), sponsor: str(p.sponsor) });
    }
    // Holdings created and archived (a consuming exercise on one), gathered for the root's element.
    const holding = holdingKind(raw);
    if (holding !== undefined && raw.event_type === 'created_event') created.push(holdingOf(raw, holding === 'LockedAmulet'));
    else if (holding !== undefined && raw.event_type === 'exercised_event' && raw.consuming === true) archived.push({ contractId: str(raw.contract_id), locked: holding === 'LockedAmulet' });
    // By the choice's name (their payloads are not typed here).
    const isRenew = rawChoice === 'AnsEntry_Renew' && raw.event_type === 'exercised_event';
    const isLicenceChoice = rawChoice !== undefined && rawChoice.startsWith('ValidatorLicense_') && raw.event_type === 'exercised_event';
    if (isRenew) renewing.push(id);
    if (isLicenceChoice) licenceChoice.push(id);
    const children = raw.child_event_ids;
    if (Array.isArray(children)) for (const c of children) if (typeof c === 'string') visit(c, nextVia, false);
    if (isRenew) renewing.pop();
    if (isLicenceChoice) licenceChoice.pop();
    // A root event nothing above read (in it or below it) is `other`, named.
    if (root && out.length === before) {
      const template = e?.template ?? str(raw.template_id);
      out.push({ kind: 'other', eventId: id, template, ...(typeof raw.choice === 'string' ? { choice: raw.choice } : {}) });
    }
    if (root && (created.length > 0 || archived.length > 0)) {
      out.push({ kind: 'holdings', eventId: id, created: created.splice(0), archived: archived.splice(0) });
    }
  };
  const created: ActivityHolding[] = [];
  const archived: Array<{ contractId: string; locked: boolean }> = [];
  const renewing: string[] = [];
  const licenceChoice: string[] = [];
  for (const root of item.root_event_ids as unknown[]) if (typeof root === 'string') visit(root, 'direct', true);
  return out;
};
