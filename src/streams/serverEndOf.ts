import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { invokeOperation } from '../client/invokeOperation.js';
import { ledgerOperations } from '../generated/ledger/operations.js';
import { scanOperations } from '../generated/scan/operations.js';
import type { ServerEnd } from '../telemetry/createTelemetry.js';

/**
 * The request a feed's telemetry asks for its server's end with (`meterPages`): Scan's latest
 * record time (`GET /v0/events/latest-record-time`), the ledger's end offset
 * (`GET /v2/state/ledger-end`). `undefined` without telemetry, and for a Scan pool (a transport
 * without `okBytes`): each Scan's end is its own, and comparing them whole would take the later
 * ones for liars.
 * @example
 * ```ts
 * readPages(paging, start, options).pipe(meterPages(transport.telemetry, 'scan.updates', serverEndOf(transport, 'scan')));
 * ```
 * @internal
 */
export const serverEndOf = (transport: Transport, group: 'scan' | 'ledger'): (() => Observable<E.Either<CantonError, ServerEnd>>) | undefined => {
  if (transport.telemetry === undefined) return undefined;
  if (group === 'ledger') return () => invokeOperation(transport, ledgerOperations.getLedgerEnd, []);
  return transport.okBytes === true ? () => invokeOperation(transport, scanOperations.getLatestEventRecordTime, []) : undefined;
};
