/**
 * The participant's active contracts at an offset, computed from its one history: the updates it
 * serves up to that offset, rendered in the ACS_DELTA shape under the request's event format, and
 * folded (a create or an assignment activates a contract, an archive or an unassignment ends it).
 * So the snapshot a client reads is exactly what it would get by folding the updates itself.
 *
 * Simplification: a contract unassigned and not yet assigned at the offset is absent (a real
 * participant shows it as `JsIncompleteUnassigned`); the simulated reassignments of one history
 * complete in consecutive updates.
 */
import type { Json } from './daml.js';
import type { EventFormatSpec, LedgerIndex } from './ledgerView.js';
import { renderLedgerUpdate } from './ledgerView.js';

/** One `JsGetActiveContractsResponse`, in order of activation. */
export type AcsElement = Json;

interface Cached {
  readonly offset: number;
  readonly key: string;
  readonly elements: readonly AcsElement[];
}

const asRecord = (u: Json | undefined): Record<string, Json> => (typeof u === 'object' && u !== null && !Array.isArray(u) ? (u as Record<string, Json>) : {});

/** A few snapshots are kept: a paged read asks for the same one once per page. */
const CACHE_SIZE = 4;

export class AcsView {
  private readonly cache: Cached[] = [];

  constructor(
    private readonly seed: string,
    private readonly ledger: LedgerIndex,
  ) {}

  /** The active contracts at `offset` (≤ the ledger end) for an event format; `key` names the format. */
  at(offset: number, events: EventFormatSpec, key: string): readonly AcsElement[] {
    const hit = this.cache.find((c) => c.offset === offset && c.key === key);
    if (hit !== undefined) return hit.elements;
    const format = { transactions: { shape: 'ACS_DELTA' as const, events }, reassignments: events, topology: undefined, parties: [], anyParty: false };
    const active = new Map<string, AcsElement>();
    const ledger = this.ledger;
    for (let i = 0; i < ledger.entries.length && ledger.entries[i]!.offset <= offset; i++) {
      const rendered = asRecord(renderLedgerUpdate(this.seed, ledger, ledger.entries[i]!, format));
      const tx = asRecord(asRecord(rendered['Transaction'])['value']);
      if (rendered['Transaction'] !== undefined) {
        for (const event of tx['events'] as Json[]) {
          const e = asRecord(event);
          if (e['CreatedEvent'] !== undefined) {
            const created = asRecord(e['CreatedEvent']);
            active.set(created['contractId'] as string, {
              workflowId: tx['workflowId'] ?? '',
              contractEntry: { JsActiveContract: { createdEvent: created, synchronizerId: tx['synchronizerId']!, reassignmentCounter: 0 } },
            });
          } else if (e['ArchivedEvent'] !== undefined) active.delete(asRecord(e['ArchivedEvent'])['contractId'] as string);
        }
        continue;
      }
      const re = asRecord(asRecord(rendered['Reassignment'])['value']);
      for (const event of (re['events'] as Json[] | undefined) ?? []) {
        const e = asRecord(event);
        if (e['JsAssignmentEvent'] !== undefined) {
          const a = asRecord(e['JsAssignmentEvent']);
          const created = asRecord(a['createdEvent']);
          active.set(created['contractId'] as string, {
            workflowId: re['workflowId'] ?? '',
            contractEntry: { JsActiveContract: { createdEvent: created, synchronizerId: a['target']!, reassignmentCounter: a['reassignmentCounter']! } },
          });
        } else if (e['JsUnassignedEvent'] !== undefined) active.delete(asRecord(asRecord(e['JsUnassignedEvent'])['value'])['contractId'] as string);
      }
    }
    const elements = [...active.values()];
    this.cache.push({ offset, key, elements });
    if (this.cache.length > CACHE_SIZE) this.cache.shift();
    return elements;
  }
}
