import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonClient } from '../../src/clientFactory/createClient';
import type { LedgerFeedItem } from '../../src/streams/LedgerFeedItem';
import type { Update } from '../../src/codecs/ledger/Update';
import type { JsGetActiveContractsResponse } from '../../src/codecs/ledger/JsGetActiveContractsResponse';
import { collect } from '../helpers/collect';

/** The active contracts, by contract id, that folding a feed gives: a marker starts afresh. */
export const foldFeed = (items: ReadonlyArray<LedgerFeedItem>): Map<string, unknown> => {
  const state = new Map<string, unknown>();
  for (const item of items) {
    if ('_tag' in item) {
      if (item._tag === 'PrunedSnapshot') state.clear();
      else {
        const entry = item.element.contractEntry;
        if (entry && 'JsActiveContract' in entry) state.set(entry.JsActiveContract.createdEvent.contractId, entry.JsActiveContract.createdEvent.createArgument);
      }
      continue;
    }
    foldUpdate(state, item);
  }
  return state;
};

const foldUpdate = (state: Map<string, unknown>, u: Update) => {
  if ('Transaction' in u) {
    for (const e of u.Transaction.value.events) {
      if ('CreatedEvent' in e) state.set(e.CreatedEvent.contractId, e.CreatedEvent.createArgument);
      else if ('ArchivedEvent' in e) state.delete(e.ArchivedEvent.contractId);
    }
  } else if ('Reassignment' in u) {
    for (const e of u.Reassignment.value.events) {
      if ('JsAssignmentEvent' in e) state.set(e.JsAssignmentEvent.createdEvent.contractId, e.JsAssignmentEvent.createdEvent.createArgument);
      else if ('JsUnassignedEvent' in e) state.delete(e.JsUnassignedEvent.value.contractId);
    }
  }
};

/** The server's own active contracts at the ledger end, read page by page. */
export const serverAcs = async (client: CantonClient, eventFormat: object): Promise<Map<string, unknown>> => {
  const state = new Map<string, unknown>();
  let pageToken: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const [r] = await collect(client.ledger.getActiveContractsPage({ eventFormat, maxPageSize: 50, ...(pageToken ? { pageToken } : {}) }));
    assert.ok(r && E.isRight(r), JSON.stringify(r));
    for (const el of r.right.activeContracts as JsGetActiveContractsResponse[]) {
      const entry = el.contractEntry!;
      if ('JsActiveContract' in entry) state.set(entry.JsActiveContract.createdEvent.contractId, entry.JsActiveContract.createdEvent.createArgument);
    }
    pageToken = r.right.nextPageToken ?? undefined;
    if (pageToken === undefined) return state;
  }
  throw new Error('more than 1000 pages');
};

