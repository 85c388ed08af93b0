import type { CreatedEvent } from '../codecs/ledger/Event.js';
import type { JsStatus } from '../codecs/ledger/JsInterfaceView.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';

/**
 * An active contract seen through one interface (`ledger.holdings`, `ledger.transferInstructions`):
 * its id, its template, the interface view decoded with the interface's codec, and the
 * created event it came in. `view` is absent when the participant could not compute the view
 * for this contract (`viewStatus` carries the gRPC status, `code` not 0); such a contract is
 * delivered too, so that none goes missing unseen.
 * @example
 * ```ts
 * import { createClient, type ViewedContract, type tokenStandard } from 'canton-rx';
 * const show = (h: ViewedContract<tokenStandard.HoldingView>) =>
 *   h.view === undefined ? `${h.contractId}: no view (${h.viewStatus.message})` : `${h.contractId}: ${h.view.amount} ${h.view.instrumentId.id}`;
 * ```
 * @category Streams
 * @since 0.4.0
 */
export interface ViewedContract<V> {
  readonly _tag: 'ViewedContract';
  readonly contractId: string;
  /** The template, in the package-id form the ledger answers with. */
  readonly templateId: string;
  /** The interface view, decoded; absent when `viewStatus.code` is not 0. */
  readonly view: V | undefined;
  readonly viewStatus: JsStatus;
  /** The created event as the participant sent it (payload, signatories, `createdAt`, ...). */
  readonly createdEvent: CreatedEvent;
  /** The offset of the snapshot the contract is active at. */
  readonly activeAtOffset: number;
  /** The checkpoint after this contract: a `LedgerCheckpoint` at `activeAtOffset` after the last one. */
  readonly checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint;
}
