import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { invokeOperation, type OperationDescriptor } from '../client/invokeOperation.js';
import type { ServerEnd } from '../telemetry/createTelemetry.js';

/**
 * The request a feed's telemetry asks for its server's end with (`meterPages`): the operation that
 * answers it, Scan's latest record time (`GET /v0/events/latest-record-time`) or the ledger's end
 * offset (`GET /v2/state/ledger-end`), given by the feed so that a bundle of one group's feed holds
 * nothing of the other's. `undefined` without telemetry, and for a Scan pool (a transport without
 * `okBytes`): each Scan's end is its own, and comparing them whole would take the later ones for
 * liars.
 * @example
 * ```ts
 * readPages(paging, start, options).pipe(meterPages(transport.telemetry, 'scan.updates', serverEndOf(transport, scanOperations.getLatestEventRecordTime)));
 * ```
 * @internal
 */
export const serverEndOf = (transport: Transport, end: OperationDescriptor<ServerEnd>): (() => Observable<E.Either<CantonError, ServerEnd>>) | undefined =>
  transport.telemetry !== undefined && transport.okBytes === true ? () => invokeOperation(transport, end, []) : undefined;
