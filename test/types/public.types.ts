/**
 * Compile-time tests of the public types: `npm test` compiles this file, so a change to what
 * users' editors infer fails the run. Nothing here executes.
 */
import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import {
  checkpointOf,
  createClient,
  matchError,
  mergeFeeds,
  type CantonError,
  type codecs,
  type FeedError,
  type Heartbeat,
  type HoldingsCheckpoint,
  type LedgerCheckpoint,
  type MergedUpdate,
  type ScanCheckpoint,
} from '../../src/index';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T => undefined as unknown as T;

const client = createClient({ scan: { url: 'http://127.0.0.1:1/api/scan' }, ledger: { url: 'http://127.0.0.1:1' } });
const updateFormat = {};
type ResultOf<O> = O extends Observable<E.Either<CantonError, infer A>> ? A : never;

// Single-shot operations emit the decoded upstream type.
expectType<Equals<ResultOf<ReturnType<typeof client.scan.getDsoPartyId>>, codecs.scan.GetDsoPartyIdResponse>>();
expectType<Equals<ResultOf<ReturnType<typeof client.scan.isLive>>, boolean>>();

// Record streams: the element type follows `version` and `heartbeats`.
const v2 = client.scan.updates({ page_size: 1 });
const v1 = client.scan.updates({ page_size: 1 }, { version: 'v1' });
const v2beats = client.scan.updates({ page_size: 1 }, { heartbeats: true });
const ledger = client.ledger.updates({ updateFormat });
const ledgerBeats = client.ledger.updates({ updateFormat }, { tail: { intervalMs: 10 }, heartbeats: true });
expectType<Equals<ResultOf<typeof v2>, codecs.scan.UpdateHistoryItemV2>>();
expectType<Equals<ResultOf<typeof v1>, codecs.scan.UpdateHistoryItem>>();
expectType<Equals<ResultOf<typeof v2beats>, codecs.scan.UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>>>();
expectType<Equals<ResultOf<typeof ledger>, codecs.ledger.Update>>();
expectType<Equals<ResultOf<typeof ledgerBeats>, codecs.ledger.Update | Heartbeat<LedgerCheckpoint>>>();
expectType<Equals<ResultOf<ReturnType<typeof client.scan.holdings>>, codecs.scan.ActiveContract>>();

// checkpointOf gives the checkpoint of the stream an element came from.
declare const update: codecs.ledger.Update;
declare const item: codecs.scan.UpdateHistoryItemV2;
declare const contract: codecs.scan.ActiveContract;
declare const element: codecs.scan.UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>;
expectType<Equals<ReturnType<typeof checkpointOf<LedgerCheckpoint>>, LedgerCheckpoint | undefined>>();
const cpLedger = checkpointOf(update);
const cpScan = checkpointOf(item);
const cpHoldings = checkpointOf(contract);
const cpElement = checkpointOf(element);
expectType<Equals<typeof cpLedger, LedgerCheckpoint>>();
expectType<Equals<typeof cpScan, ScanCheckpoint>>();
expectType<Equals<typeof cpHoldings, HoldingsCheckpoint | undefined>>();
expectType<Equals<typeof cpElement, ScanCheckpoint | undefined>>();

// A checkpoint of one stream is no `from` of another.
// @ts-expect-error a ledger checkpoint is not a Scan checkpoint
client.scan.updates({ page_size: 1 }, { from: cpLedger });

// matchError narrows each handler's argument.
matchError({
  HttpError: (e) => expectType<Equals<typeof e.status, number>>(),
  NetworkError: (e) => expectType<Equals<typeof e.cause, unknown>>(),
  TimeoutError: (e) => expectType<Equals<typeof e.timeoutMs, number>>(),
  DecodeError: (e) => expectType<Equals<typeof e.reason, 'invalid-json' | 'schema' | 'invariant' | 'too-large'>>(),
  InvalidRequest: (e) => expectType<Equals<typeof e.message, string>>(),
  ScanDisagreement: (e) => expectType<Equals<typeof e.reason, 'disagreement' | 'unavailable'>>(),
});

// mergeFeeds takes streams with heartbeats and gives sourced errors.
const merged = mergeFeeds(ledgerBeats, v2beats);
expectType<Equals<typeof merged, Observable<E.Either<FeedError, MergedUpdate>>>>();

// An updateFormat declared without `as const` (its transactionShape is a `string`) is accepted
// by ledger.updates and mergeFeeds, and the element types stay as inferred above.
const declaredFormat = { includeTransactions: { transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA', eventFormat: { filtersByParty: { ['alice::1220']: {} } } } };
const declared = client.ledger.updates({ updateFormat: declaredFormat });
const declaredBeats = client.ledger.updates({ updateFormat: declaredFormat }, { tail: { intervalMs: 10 }, heartbeats: true });
expectType<Equals<ResultOf<typeof declared>, codecs.ledger.Update>>();
expectType<Equals<ResultOf<typeof declaredBeats>, codecs.ledger.Update | Heartbeat<LedgerCheckpoint>>>();
const mergedDeclared = mergeFeeds(client.ledger.updates({ updateFormat: declaredFormat }, { heartbeats: true, tail: {} }), v2beats);
expectType<Equals<typeof mergedDeclared, Observable<E.Either<FeedError, MergedUpdate>>>>();
client.ledger.updatesWithSnapshot({ updateFormat: declaredFormat });
client.ledger.pages.updates({ updateFormat: declaredFormat });
const declaredWs = client.ledger.ws.updates({ beginExclusive: 0, updateFormat: declaredFormat });
expectType<Equals<ResultOf<typeof declaredWs>, codecs.ledger.Update>>();
client.ledger.ws.flats({ beginExclusive: 0, updateFormat: declaredFormat });
// @ts-expect-error a shape is still a string
client.ledger.updates({ updateFormat: { includeTransactions: { transactionShape: 1, eventFormat: {} } } });

export {};
