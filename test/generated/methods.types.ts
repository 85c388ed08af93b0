/**
 * Compile-time tests of the generated methods' types, as users' editors infer them: `npm test`
 * compiles this file. Nothing here executes.
 */
import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import { createClient, type CantonError, type GeneratedLedgerMethods, type LedgerGroup } from '../../src/index';
import type * as L from '../../src/generated/ledger/schemas';
import type * as S from '../../src/generated/scan/schemas';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T => undefined as unknown as T;
type ResultOf<O> = O extends Observable<E.Either<CantonError, infer A>> ? A : never;

const client = createClient({ ledger: { url: 'http://127.0.0.1:1' }, scan: { url: 'http://127.0.0.1:1/api/scan' }, validator: { url: 'http://127.0.0.1:1/api/validator' } });

// The group's interface has every generated method.
expectType<Equals<keyof GeneratedLedgerMethods extends keyof LedgerGroup ? true : false, true>>();

// Answers are the generated (or hand) types; the body is the request's type.
expectType<Equals<ResultOf<ReturnType<typeof client.ledger.getLedgerEnd>>, L.GetLedgerEndResponse>>();
expectType<Equals<Parameters<typeof client.ledger.submitAndWait>, [body: L.JsCommands]>>();
expectType<Equals<ResultOf<ReturnType<typeof client.scan.listDsoSequencers>>, S.ListDsoSequencersResponse>>();

// Path parameters in path order, then the body, then the query object; optional when nothing is required.
client.ledger.getParties('alice::1220', { parties: ['bob::1220'] });
client.ledger.getParties('alice::1220');
client.scan.getDateOfMostRecentSnapshotBefore({ before: '2024-09-20T13:31:28.405180Z', migration_id: 0 });
// @ts-expect-error a required query parameter is missing
client.scan.getDateOfMostRecentSnapshotBefore({ before: '2024-09-20T13:31:28.405180Z' });
// @ts-expect-error an integer path parameter
client.ledger.getTransactionTreeByOffset('1');
client.ledger.uploadDar(new Uint8Array([0x50, 0x4b]));
client.validator.listScanProxyAnsEntries({ page_size: 10 });
