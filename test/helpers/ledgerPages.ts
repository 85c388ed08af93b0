import { readFixture } from './fixtures';

type Json = Record<string, unknown>;

/** Real ledger updates (Canton 3.5-era captures) re-stamped with offsets 3, 6, 9, ... (gaps, as for a filtered party). */
export const ledgerHistory = (size: number): Json[] => {
  const real = readFixture('ledger', 'updates-ledger-effects__canton-network-splice-sv-voting-dapp__2.json') as Array<{ update: { Transaction: { value: Json } } }>;
  return Array.from({ length: size }, (_, i) => {
    const tx = real[i % real.length]!.update.Transaction.value;
    const offset = (i + 1) * 3;
    const events = (tx.events as Json[]).map((e) => {
      const [kind, body] = Object.entries(e)[0]!;
      return { [kind]: { ...(body as Json), offset } };
    });
    return { update: { Transaction: { value: { ...tx, updateId: `update-${i}`, offset, events } } } };
  });
};

const offsetOf = (u: Json): number => ((u.update as Json).Transaction as { value: { offset: number } }).value.offset;

/**
 * Answers get-updates-page against a history like a participant: begin/end bounds, page size,
 * descending order, tokens bound to the request, lowest/highest bounds, and a token on every
 * ascending page without an end offset.
 */
export const answerUpdatesPage = (history: Json[], body: string): { status: number; body: object } => {
  const req = JSON.parse(body) as { beginOffsetExclusive?: number; endOffsetInclusive?: number; maxPageSize?: number; descendingOrder?: boolean; pageToken?: string };
  const ledgerEnd = history.length ? offsetOf(history[history.length - 1]!) : 0;
  const begin = req.beginOffsetExclusive ?? 0;
  const end = req.endOffsetInclusive ?? ledgerEnd;
  const size = req.maxPageSize ?? 100;
  const bound = JSON.stringify([req.beginOffsetExclusive, req.endOffsetInclusive, req.descendingOrder]);
  let cursor: number | undefined;
  if (req.pageToken) {
    const token = JSON.parse(Buffer.from(req.pageToken, 'base64').toString()) as { bound: string; cursor: number };
    if (token.bound !== bound) {
      return { status: 400, body: { code: 'INVALID_UPDATES_PAGE_TOKEN', cause: 'token does not match the request', context: {}, errorCategory: 8 } };
    }
    cursor = token.cursor;
  }
  const token = (c: number) => Buffer.from(JSON.stringify({ bound, cursor: c })).toString('base64');
  if (!req.descendingOrder) {
    const low = cursor ?? begin;
    const inRange = history.filter((u) => offsetOf(u) > low && offsetOf(u) <= end);
    const page = inRange.slice(0, size);
    const high = page.length === size ? offsetOf(page[page.length - 1]!) : end;
    const more = page.length === size && inRange.length > size;
    const tail = req.endOffsetInclusive === undefined;
    return { status: 200, body: { updates: page, lowestPageOffsetExclusive: low, highestPageOffsetInclusive: high, ...(more || tail ? { nextPageToken: token(high) } : {}) } };
  }
  const high = cursor ?? end;
  const inRange = history.filter((u) => offsetOf(u) > begin && offsetOf(u) <= high).reverse();
  const page = inRange.slice(0, size);
  const more = inRange.length > size;
  const low = more ? offsetOf(page[page.length - 1]!) - 1 : begin;
  return { status: 200, body: { updates: page, lowestPageOffsetExclusive: low, highestPageOffsetInclusive: high, ...(more ? { nextPageToken: token(low) } : {}) } };
};
