import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import type { CreatedEvent } from '../codecs/ledger/Event.js';
import type { JsStatus } from '../codecs/ledger/JsInterfaceView.js';
import type { JsGetActiveContractsResponse } from '../codecs/ledger/JsGetActiveContractsResponse.js';
import { decodeWith } from '../codecs/decodeWith.js';
import type { Page, PageRecord } from '../paging/Page.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';
import { ledgerActiveContractsStream, type LedgerActiveContractsRequest } from './ledgerActiveContracts.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { interpret, type Interpreted } from './interpret.js';
import type { ReadContext } from './recordStream.js';
import type { StreamOptions } from './options.js';
import type { ViewedContract } from './ViewedContract.js';
import type { SnapshotContract } from './LedgerFeedItem.js';
import { invariantViolation } from './invariantViolation.js';

/**
 * The request of a party's contracts by interface (`ledger.holdings`,
 * `ledger.transferInstructions`): the party whose contracts are read, and optionally the offset of
 * the snapshot (default: the ledger end, which the first page names) and the page size.
 * @category Streams
 * @since 0.4.0
 */
export interface LedgerInterfaceViewsRequest {
  /** The party whose contracts (as a stakeholder) are read; the token must let it read as that party. */
  readonly party: string;
  /** The offset of the snapshot (at or above the pruning offset); default the ledger end. */
  readonly activeAtOffset?: number;
  /** Contracts per page (the participant caps it). */
  readonly maxPageSize?: number;
  /** Also ask for each contract's `createdEventBlob` (to disclose it in a command). */
  readonly includeCreatedEventBlob?: boolean;
}

/**
 * Options of `ledger.holdings` and `ledger.transferInstructions`: `from` is an item's checkpoint
 * (the snapshot checkpoints of `ledger.activeContracts`).
 * @category Streams
 * @since 0.4.0
 */
export type LedgerInterfaceViewsOptions = StreamOptions<LedgerSnapshotCheckpoint | LedgerCheckpoint>;

type Checkpoint = LedgerSnapshotCheckpoint | LedgerCheckpoint;

/** The created event of an active contract entry; none for an entry without a contract (or of an unknown kind). */
const createdEventOf = (element: JsGetActiveContractsResponse): CreatedEvent | undefined => {
  const entry = element.contractEntry as Record<string, { createdEvent?: CreatedEvent; assignedEvent?: { createdEvent?: CreatedEvent } } | undefined>;
  const e = entry['JsActiveContract'] ?? entry['JsIncompleteUnassigned'] ?? entry['JsIncompleteAssigned'];
  return e?.createdEvent ?? e?.assignedEvent?.createdEvent;
};

/** `#pkg:Mod:Ent` -> `:Mod:Ent`: the ledger answers with the package id, the filter names the package. */
const entityOf = (interfaceId: string): string => interfaceId.slice(interfaceId.indexOf(':'));

/** The active contracts read for a party's contracts by interface: the interface filter asking for the view. */
const acsRequest = (interfaceId: string, request: LedgerInterfaceViewsRequest): LedgerActiveContractsRequest => {
  const filter = { interfaceId, includeInterfaceView: true, ...(request.includeCreatedEventBlob === true ? { includeCreatedEventBlob: true } : {}) };
  return {
    eventFormat: { filtersByParty: { [request.party]: { cumulative: [{ identifierFilter: { InterfaceFilter: { value: filter } } }] } }, verbose: false },
    ...(request.activeAtOffset !== undefined ? { activeAtOffset: request.activeAtOffset } : {}),
    ...(request.maxPageSize !== undefined ? { maxPageSize: request.maxPageSize } : {}),
  };
};

/**
 * The contracts a party is a stakeholder of that implement one interface, as a record stream of
 * `ViewedContract`s: an interpretation of `ledger.activeContracts` (`interpret`) read with an
 * interface filter asking for the view, each contract's view decoded with `codec`. Paging,
 * snapshot and checkpoints are those of `ledger.activeContracts` (resumable from every item); an
 * entry without a contract gives nothing. A view that does not decode ends the stream with a
 * `DecodeError` at its path, after the contracts before it. Its pages are counted under `stream`.
 * @example
 * ```ts
 * const holdings = ledgerInterfaceViews('ledger.holdings', tokenStandardInterfaces.Holding, HoldingView);
 * holdings.items(transport, { party: alice }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerInterfaceViews = <V>(stream: 'ledger.holdings' | 'ledger.transferInstructions', interfaceId: string, codec: t.Type<V, unknown, unknown>) =>
  interpret(ledgerActiveContractsStream, {
    name: stream,
    items: 'values',
    checkpoint: { codec: checkpointCodecs[stream], of: (c: Checkpoint) => c, base: (c: Checkpoint) => c },
    requestRequired: true,
    checks: (checks, request: LedgerInterfaceViewsRequest) => checks.check(typeof request.party === 'string' && request.party !== '', 'party', 'must be a party id (a non-empty string)'),
    request: (request: LedgerInterfaceViewsRequest) => acsRequest(interfaceId, request),
    start: ({ transport }: ReadContext) => {
      // The call's own `strict`, else the client's (withStrict lays the first over the second).
      const decode = decodeWith(codec, transport.strict === true ? { strict: true } : undefined);
      const entity = entityOf(interfaceId);
      const viewOf = (created: CreatedEvent): E.Either<CantonError, { readonly view: V | undefined; readonly status: JsStatus }> => {
        const views = created.interfaceViews ?? [];
        const at = views.findIndex((v) => v.interfaceId === interfaceId || v.interfaceId.endsWith(entity));
        const view = views[at];
        const where = `createdEvent(${created.contractId}).interfaceViews`;
        if (view === undefined) return E.left(invariantViolation(where, `the view of ${interfaceId}`, views.map((v) => v.interfaceId), 'the contract came without the view the filter asked for'));
        if (view.viewStatus.code !== 0) return E.right({ view: undefined, status: view.viewStatus });
        const decoded = decode(view.viewValue);
        if (E.isLeft(decoded)) return E.left(decodeError('schema', decoded.left.issues.map((i) => ({ ...i, path: `${where}.${at}.viewValue${i.path === '' ? '' : `.${i.path}`}` }))));
        return E.right({ view: decoded.right, status: view.viewStatus });
      };
      return (page: Page<SnapshotContract, Checkpoint>): E.Either<CantonError, Interpreted<ViewedContract<V>, Checkpoint>> => {
        const records: PageRecord<ViewedContract<V>, Checkpoint>[] = [];
        for (const { value, checkpoint } of page.records) {
          const created = createdEventOf(value.element);
          // An entry without a contract: nothing to view; the page's checkpoint goes past it.
          if (created === undefined) continue;
          const seen = viewOf(created);
          // What came before the bad view is delivered, then the Left ends the stream.
          if (E.isLeft(seen)) return E.right({ records, failure: seen.left });
          const { view, status } = seen.right;
          records.push({
            value: { _tag: 'ViewedContract', contractId: created.contractId, templateId: created.templateId, view, viewStatus: status, createdEvent: created, activeAtOffset: value.activeAtOffset, checkpoint },
            checkpoint,
          });
        }
        return E.right({ records });
      };
    },
  });
