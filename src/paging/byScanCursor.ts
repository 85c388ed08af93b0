import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import { compareValidTimestamps } from '../time/compareValidTimestamps.js';
import { previousMicrosecond } from '../time/previousMicrosecond.js';
import { Timestamp } from '../codecs/common/primitives.js';
import { invariantViolation } from './invariantViolation.js';
import type { Paging } from './readPages.js';
import { tailFields } from './tailFields.js';
import { pagedRead, type PagedRead } from './pagedRead.js';

/**
 * What the Scan cursor family pages by: a history item (`/v1/updates`, `/v2/updates`; a
 * reassignment's migration id is inside its `event`), or a key of the same fields standing for
 * another record (an event of `/v0/events`). Its record time is a checked UTC `Timestamp`.
 * @internal
 */
export type ScanKeyed = UpdateHistoryItem | UpdateHistoryItemV2 | { readonly update_id: string; readonly migration_id: number; readonly record_time: string };

/** The `(migration_id, record_time)` cursor of a Scan history item or key. @internal */
export const cursorOfItem = (item: ScanKeyed): ScanCursor =>
  'event' in item ? { migration_id: item.event.migration_id, record_time: item.record_time } : { migration_id: item.migration_id, record_time: item.record_time };

/** A position in Scan's history order. @internal */
export interface ScanCursor {
  readonly migration_id: number;
  readonly record_time: string;
}

/**
 * How the next page is asked for:
 * - `overlap`: after the microsecond before the cursor, so that the page repeats the items at the
 *   cursor already delivered (they are dropped) and shows any other item that shares it;
 * - `probe`: strictly after the cursor, after an overlap page showed nothing new: an empty answer
 *   is the end (as of now), anything else means the overlap page came back short;
 * - `poll`: strictly after the cursor, at the start and when tailing: whatever comes is new.
 * @internal
 */
export type ScanReadMode = 'overlap' | 'probe' | 'poll';

/** Where a read of Scan's history stands. @internal */
export interface ScanReadState {
  readonly cursor: ScanCursor | undefined;
  /** The update ids delivered at exactly `cursor`, in server order (the last is the last delivered); empty when only the cursor is known. */
  readonly tied: ReadonlyArray<string>;
  readonly mode: ScanReadMode;
  /** How many items beyond `page_size` an overlap request asks for, to see past the repeated ones. */
  readonly extra: number;
  /** Consecutive pages that showed nothing new although the server had more. */
  readonly stalls: number;
}

/** The outcome of one page. @internal */
export interface ScanPageStep<K extends ScanKeyed = UpdateHistoryItem | UpdateHistoryItemV2> {
  /** The new items, in server order. */
  readonly items: ReadonlyArray<K>;
  readonly next: ScanReadState;
  /** The server has nothing after the cursor (as of now). */
  readonly caughtUp: boolean;
  /** A broken paging contract, found after `items`. */
  readonly failure?: CantonError;
}

/** Splice's default `update-history-max-page-size`: an overlap request never asks for more than this (or `page_size`). @internal */
export const SCAN_PAGE_LIMIT = 1000;

/** Pages in a row that may show nothing new before the read gives up with a Left instead of looping. @internal */
export const MAX_STALLS = 16;

/**
 * Lexicographic order of `(migration_id, record_time)`, with exact timestamp comparison. Both
 * cursors come from decoded items or checked options, so the timestamps are not checked again.
 * @internal
 */
export const compareCursors = (a: ScanCursor, b: ScanCursor): number =>
  a.migration_id !== b.migration_id ? (a.migration_id < b.migration_id ? -1 : 1) : compareValidTimestamps(a.record_time, b.record_time);

/** The state a read starts from: after a checkpoint's item, or strictly after a position, or from the beginning. @internal */
export const initialScanRead = (cursor: ScanCursor | undefined, updateId: string | undefined): ScanReadState =>
  cursor !== undefined && updateId !== undefined
    ? { cursor, tied: [updateId], mode: 'overlap', extra: 1, stalls: 0 }
    : { cursor, tied: [], mode: 'poll', extra: 0, stalls: 0 };

/** The `after` and `page_size` of the request for a state. @internal */
export const scanPageRequest = (state: ScanReadState, pageSize: number): { readonly page_size: number; readonly after?: { readonly after_migration_id: number; readonly after_record_time: string } } => {
  const cursor = state.cursor;
  if (cursor === undefined) return { page_size: pageSize };
  if (state.mode !== 'overlap') return { page_size: pageSize, after: { after_migration_id: cursor.migration_id, after_record_time: cursor.record_time } };
  return {
    page_size: Math.min(pageSize + state.extra, Math.max(pageSize, SCAN_PAGE_LIMIT)),
    after: { after_migration_id: cursor.migration_id, after_record_time: previousMicrosecond(cursor.record_time) },
  };
};

// Each stall also asks for a larger page: a server whose page lengths vary (or depend on the
// request) then soon has room to show what follows the repeated items.
const stalled = <K extends ScanKeyed>(state: ScanReadState, next: Partial<ScanReadState>, why: string): ScanPageStep<K> => {
  const stalls = state.stalls + 1;
  if (stalls > MAX_STALLS) {
    return {
      items: [],
      next: state,
      caughtUp: false,
      failure: invariantViolation('transactions', 'a page with an item after the last one delivered', `${stalls} pages without one`, why),
    };
  }
  const extra = Math.max(next.extra ?? state.extra, 2 * state.extra, 1);
  return { items: [], next: { ...state, ...next, extra, stalls }, caughtUp: false };
};

/**
 * Reads one page of Scan's history (`/v1/updates` or `/v2/updates`) against the state it was
 * asked with: drops what an overlap page repeats, checks the order (items never go backwards;
 * equal cursors only for distinct update ids), and decides how to ask next. A short page is never
 * taken for the end: only an empty answer strictly after the cursor is.
 * @internal
 */
export const scanPageStep = <K extends ScanKeyed = UpdateHistoryItem | UpdateHistoryItemV2>(state: ScanReadState, pageSize: number, page: ReadonlyArray<K>): ScanPageStep<K> => {
  let i = 0;
  // The updates delivered at the cursor. An overlap page names them all again (even those before a
  // checkpoint's one), so that none of them can come twice unnoticed.
  let tied = state.mode === 'overlap' ? [] : state.tied.slice();
  if (state.mode === 'probe' && page.length > 0) {
    // There is more after the cursor, so the overlap page before this one came back short and may
    // have hidden an item that shares the cursor: ask it again rather than step past the cursor.
    return stalled(state, { mode: 'overlap' }, 'the server kept answering with short pages that repeat delivered items');
  }
  if (state.mode === 'overlap') {
    const cursor = state.cursor!;
    const last = state.tied[state.tied.length - 1];
    let found = false;
    // The overlap page starts with the items at the cursor up to the last one delivered (Scan's
    // order within a record time is stable: by synchronizer), all of them delivered already.
    while (i < page.length && !found) {
      const c = cursorOfItem(page[i]!);
      const cmp = compareCursors(c, cursor);
      if (cmp < 0) return { items: [], next: state, caughtUp: false, failure: invariantViolation(`transactions.${i}`, `an item at or after (${cursor.migration_id}, ${cursor.record_time})`, c, 'Scan items must not go backwards') };
      if (cmp > 0) break;
      tied.push(page[i]!.update_id);
      found = page[i]!.update_id === last;
      i++;
    }
    if (!found) {
      // Nothing at or after the cursor: whatever held the last item, nothing comes after it.
      if (page.length === 0) return { items: [], next: { ...state, mode: 'poll', stalls: 0 }, caughtUp: true };
      if (i < page.length) {
        return { items: [], next: state, caughtUp: false, failure: invariantViolation(`transactions.${i}`, `update ${last} at (${cursor.migration_id}, ${cursor.record_time})`, page[i]!.update_id, 'the last delivered update is not among the items at its record time; the history may have changed') };
      }
      // The page ended among the items at the cursor: ask again, for more.
      return stalled(state, {}, `update ${last} at (${cursor.migration_id}, ${cursor.record_time}) never came back`);
    }
    if (i === page.length) {
      // A full page that ends at the last delivered item had no room for more: ask for room.
      if (page.length >= scanPageRequest(state, pageSize).page_size) return stalled(state, { tied, extra: tied.length }, `more than ${page.length} updates repeat at (${cursor.migration_id}, ${cursor.record_time})`);
      return { items: [], next: { ...state, tied, mode: 'probe' }, caughtUp: false };
    }
  } else if (page.length === 0) {
    return { items: [], next: { ...state, mode: 'poll', stalls: 0 }, caughtUp: true };
  }
  const items: K[] = [];
  let cursor = state.cursor;
  for (; i < page.length; i++) {
    const item = page[i]!;
    const c = cursorOfItem(item);
    const cmp = cursor === undefined ? 1 : compareCursors(c, cursor);
    if (cmp < 0 || (cmp === 0 && tied.includes(item.update_id))) {
      const failure = invariantViolation(
        `transactions.${i}`,
        `an item after (${cursor!.migration_id}, ${cursor!.record_time}) or another update at it`,
        { ...c, update_id: item.update_id },
        'Scan items must not go backwards, and an update must not come twice',
      );
      return { items, next: state, caughtUp: false, failure };
    }
    if (cmp > 0) {
      cursor = c;
      tied = [item.update_id];
    } else tied.push(item.update_id);
    items.push(item);
  }
  return { items, next: { cursor, tied, mode: 'overlap', extra: tied.length, stalls: 0 }, caughtUp: false };
};

/** The checkpoint of a stream paged by Scan cursor: the last delivered record's cursor and update id. @internal */
export interface ScanCursorCheckpoint<S extends string> {
  readonly stream: S;
  readonly migration_id: number;
  readonly record_time: string;
  readonly update_id?: string;
}

/** The records of one answer of an endpoint paged by Scan cursor. @internal */
export interface ScanCursorRecords<A> {
  readonly values: ReadonlyArray<A>;
  /** The key of each value (default: the values are history items and their own keys). */
  readonly keys?: ReadonlyArray<ScanKeyed>;
  /** A record that has no place in the order, found after `values`: it ends the read after them. */
  readonly failure?: CantonError;
}

/** One endpoint paged by Scan cursor: `scan.updates` (`/v1/updates`, `/v2/updates`), `scan.events` (`/v0/events`). @internal */
export interface ScanCursorEntry<R, A, S extends string> {
  readonly stream: S;
  readonly pageSize: number;
  /** Poll this long after catching up; `undefined`: catching up ends the read. */
  readonly tailMs: number | undefined;
  /** The items' name in the answer (`transactions`, `events`), for the paths of its failures. */
  readonly itemsPath: string;
  /** The answer holds history items under `itemsPath`: guess the next page from its raw bytes (see `Paging.ahead`). */
  readonly ahead?: boolean;
  readonly request: (cursor: ReturnType<typeof scanPageRequest>, onOkBytes?: (bytes: Uint8Array) => void) => Observable<E.Either<CantonError, R>>;
  readonly records: (response: R) => ScanCursorRecords<A>;
}

const renamePaths = (error: CantonError, itemsPath: string): CantonError =>
  itemsPath === 'transactions' || error._tag !== 'DecodeError' ? error : { ...error, issues: error.issues.map((i) => ({ ...i, path: i.path.replace(/^transactions/, itemsPath) })) };

/** Where a read stands as a checkpoint: the cursor and the last update delivered at it. @internal */
export const checkpointOfRead = <S extends string>(stream: S, read: ScanReadState): ScanCursorCheckpoint<S> | undefined => {
  const last = read.tied[read.tied.length - 1];
  return read.cursor && { stream, ...read.cursor, ...(last !== undefined ? { update_id: last } : {}) };
};

/**
 * The state an ordinary page leads to, read from its raw bytes before they are parsed: overlap
 * from the last item's cursor (the last `update_id` in the body and the `migration_id` and
 * `record_time` after it: a reassignment's migration id is in its `event`, which follows). No
 * guess where the page cannot move the cursor (a probe, a page that ends at the cursor asked
 * with): those lead to a probe or a stall, a request not worth sending blind. The guess counts
 * one update at the last cursor; ties at the end of a page make `scanPageStep` ask for a larger
 * page, and the guess is dropped. Only a guess: the engine keeps the request only if
 * `scanPageStep` on the decoded page asks for the same one.
 */
const guessScanRead = (bytes: Uint8Array, read: ScanReadState): ScanReadState | undefined => {
  if (read.mode === 'probe') return undefined;
  const last = tailFields(bytes, 'update_id', ['migration_id', 'record_time']);
  const m = last?.['migration_id'];
  const t = last?.['record_time'];
  const id = last?.['update_id'];
  if (typeof m !== 'number' || typeof t !== 'string' || typeof id !== 'string' || !Timestamp.is(t)) return undefined;
  if (read.cursor !== undefined && read.cursor.migration_id === m && read.cursor.record_time === t) return undefined;
  return { cursor: { migration_id: m, record_time: t }, tied: [id], mode: 'overlap', extra: 1, stalls: 0 };
};

const sameRequest = (a: ReturnType<typeof scanPageRequest>, b: ReturnType<typeof scanPageRequest>): boolean =>
  a.page_size === b.page_size && a.after?.after_migration_id === b.after?.after_migration_id && a.after?.after_record_time === b.after?.after_record_time;

/**
 * The Scan cursor family: an endpoint paged by `(migration_id, record_time)` with update ids to
 * tell ties apart (see `scanPageStep`: overlap, probe and poll; short pages are no end; items
 * never go back and never repeat) as a `Paging` for the engine. Each record's checkpoint is its
 * cursor and update id; a caught-up page carries where the read stands and, tailing, polls again
 * after `tailMs`.
 * @example
 * ```ts
 * readPages(scanCursorPaging({ stream: 'scan.updates', pageSize: 100, tailMs: undefined, itemsPath: 'transactions', request, records: (r) => ({ values: r.transactions }) }), initialScanRead(undefined, undefined));
 * ```
 * @internal
 */
export const scanCursorPaging = <R, A, S extends string>(entry: ScanCursorEntry<R, A, S>): Paging<ScanReadState, R, A, ScanCursorCheckpoint<S>> => ({
  request: (read, onOkBytes) => entry.request(scanPageRequest(read, entry.pageSize), onOkBytes),
  ...(entry.ahead === true ? { ahead: { guess: (bytes: Uint8Array, read: ScanReadState) => guessScanRead(bytes, read), same: (g: ScanReadState, n: ScanReadState) => sameRequest(scanPageRequest(g, entry.pageSize), scanPageRequest(n, entry.pageSize)) } } : {}),
  step: (response, read) => {
    const got = entry.records(response);
    const keys = got.keys ?? (got.values as unknown as ReadonlyArray<ScanKeyed>);
    const r = scanPageStep(read, entry.pageSize, keys);
    const start = r.items.length > 0 ? keys.indexOf(r.items[0]!) : 0;
    const records = r.items.map((k, j) => ({ value: got.values[start + j]!, checkpoint: { stream: entry.stream, ...cursorOfItem(k), update_id: k.update_id } }));
    const failure = r.failure !== undefined ? renamePaths(r.failure, entry.itemsPath) : got.failure;
    const checkpoint = records.length > 0 ? records[records.length - 1]!.checkpoint : checkpointOfRead(entry.stream, failure !== undefined ? read : r.next);
    if (failure !== undefined) return E.right({ page: { records, checkpoint, caughtUp: false }, next: undefined, failure });
    if (!r.caughtUp) return E.right({ page: { records, checkpoint, caughtUp: false }, next: r.next });
    return E.right({ page: { records, checkpoint, caughtUp: true }, next: entry.tailMs !== undefined ? r.next : undefined, ...(entry.tailMs !== undefined ? { waitMs: entry.tailMs } : {}) });
  },
});

/** A request of an endpoint paged by Scan cursor: where to start (`after`) and the page length. @internal */
export interface ScanCursorRequest {
  readonly after?: { readonly after_migration_id: number; readonly after_record_time: string } | null;
  readonly page_size: number;
}

/**
 * A read of an endpoint paged by Scan cursor (`scanCursorPaging`) for a stream's request: from
 * after a checkpoint's item, else strictly after the request's `after`, else from the beginning;
 * each page's body is the request without its `after` and `page_size`, and the page's cursor.
 * @example
 * ```ts
 * scanCursorRead({ stream: 'scan.events', tailMs: undefined, itemsPath: 'events', request: (body) => call(scanOperations.getEventHistory, [body]), records: (r) => ({ values: r.events }) }, { page_size: 100 }, undefined);
 * ```
 * @internal
 */
export const scanCursorRead = <Q extends ScanCursorRequest, R, A, S extends string>(
  entry: Omit<ScanCursorEntry<R, A, S>, 'pageSize' | 'request'> & {
    readonly request: (body: Omit<Q, 'after' | 'page_size'> & ReturnType<typeof scanPageRequest>, onOkBytes?: (bytes: Uint8Array) => void) => Observable<E.Either<CantonError, R>>;
  },
  request: Q,
  from: ScanCursorCheckpoint<S> | undefined,
): PagedRead<A, ScanCursorCheckpoint<S>> => {
  const { after, page_size: pageSize, ...rest } = request;
  const start = from
    ? initialScanRead({ migration_id: from.migration_id, record_time: from.record_time }, from.update_id)
    : initialScanRead(after ? { migration_id: after.after_migration_id, record_time: after.after_record_time } : undefined, undefined);
  return pagedRead(scanCursorPaging({ ...entry, pageSize, request: (cursor, onOkBytes) => entry.request({ ...rest, ...cursor }, onOkBytes) }), start);
};
