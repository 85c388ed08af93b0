/**
 * The pieces the token-standard flows (src/testkit/internal/history/TokenFlows.ts) build their
 * transactions from, shaped as a participant shows Splice's: the meta keys the upstream parsers
 * read (`tx-kind`, `sender`, `reason`, `burned`), the v2 `EventLog_HoldingsChange` exercise that
 * each changed account gets, the archive of a holding, and the unlock of a locked amulet.
 */
import { cid, formatAmount, list, party, rec, some, text, type DamlValue } from '../daml.js';
import { metaOf } from '../interfaceViews.js';
import type { ContractData } from '../model.js';
import { I } from '../templates.js';
import type { Spec } from './buildTree.js';
import type { HistoryLog } from './HistoryLog.js';

const PREFIX = 'splice.lfdecentralizedtrust.org/';
export const TX_KIND = `${PREFIX}tx-kind`;
export const SENDER = `${PREFIX}sender`;
export const REASON = `${PREFIX}reason`;
export const BURNED = `${PREFIX}burned`;

/** An empty `ExtraArgs` (choice context and meta), as wallets send it. */
export const noExtraArgs: DamlValue = rec({ context: rec({ values: rec({}) }), meta: metaOf([]) });

/** A v2 account: the owner, no provider, the default id. */
const account = (owner: string): DamlValue => rec({ id: text(''), owner: party(owner), provider: { t: 'optional', v: null } });

/** One side of a transfer leg, as an account's event log records it. */
export interface LegSide {
  readonly side: 'SenderSide' | 'ReceiverSide';
  readonly other: string;
  readonly micro: number;
  readonly reason?: string;
}

/**
 * `EventLog_HoldingsChange` (the v2 token standard's event log): what one account's holdings did
 * in the transaction, exercised by the admin through the `EventLog` interface with the owner as
 * a choice observer (so the owner witnesses it, as on a participant).
 */
export const eventLog = (log: HistoryLog, admin: string, owner: string, inputs: readonly string[], outputs: readonly string[], legs: readonly LegSide[], reason?: string): Spec => ({
  exercise: {
    target: log.rule('amuletRules'),
    choice: 'EventLog_HoldingsChange',
    interfaceId: I.EventLog,
    observers: [owner],
    argument: rec({
      account: account(owner),
      admin: party(admin),
      extraArgs: rec({ context: rec({ values: rec({}) }), meta: metaOf(reason === undefined ? [] : [[REASON, reason]]) }),
      inputHoldingCids: list(inputs.map(cid)),
      observers: list([party(owner)]),
      outputHoldingCids: list(outputs.map(cid)),
      transferLegSides: list(
        legs.map((l) =>
          rec({
            amount: { t: 'numeric', v: formatAmount(l.micro) },
            instrumentId: text('Amulet'),
            meta: metaOf(l.reason === undefined ? [] : [[REASON, l.reason]]),
            otherside: account(l.other),
            side: { t: 'variant', tag: l.side, v: { t: 'unit' } },
            transferLegId: text('leg0'),
          }),
        ),
      ),
    }),
    result: rec({}),
    consuming: false,
    acting: [admin],
  },
  children: [],
});

/** The archive of a holding by its owner and the DSO (a consuming `Archive`, as Splice's choices do it). */
export const archiveHolding = (target: ContractData, dso: string, owner: string): Spec => ({
  exercise: { target, choice: 'Archive', argument: rec({}), result: rec({}), consuming: true, acting: [dso, owner] },
  children: [],
});

/**
 * The holders release a locked amulet (`LockedAmulet_Unlock`, tx-kind `unlock`): the amulet comes
 * back unlocked to its owner, who gets an event log entry for it.
 */
export const unlockSpec = (log: HistoryLog, locked: ContractData, unlocked: ContractData, dso: string, owner: string): Spec => {
  const reason = 'holders released lock';
  return {
    exercise: {
      target: locked,
      choice: 'LockedAmulet_Unlock',
      argument: rec({}),
      result: rec({ amuletCid: cid(unlocked.contractId), meta: some(metaOf([[REASON, reason], [TX_KIND, 'unlock']])) }),
      consuming: true,
      acting: [dso, owner],
    },
    children: [{ created: unlocked }, eventLog(log, dso, owner, [locked.contractId], [unlocked.contractId], [], reason)],
  };
};
