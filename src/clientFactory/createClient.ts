import { createTransport } from '../client/createTransport.js';
import { createLedgerGroup, type LedgerGroup } from '../ledger/createLedgerGroup.js';
import type { ScanGroup } from '../scan/createScanGroup.js';
import { createValidatorGroup, type ValidatorGroup } from '../validator/createValidatorGroup.js';
import type { ClientConfig } from './ClientConfig.js';
import { clientShared } from './clientShared.js';
import { scanGroupFor } from './scanGroupFor.js';
import { webSocketEndpoint } from '../ws/webSocketEndpoint.js';
import { withTelemetry } from '../telemetry/withTelemetry.js';

/**
 * The three API groups of a client. Each holds the operations of its group; a group that was not
 * configured is still there and answers every operation with an `InvalidRequest` Left.
 * @category Client
 * @since 0.1.0
 */
export interface CantonClient {
  readonly ledger: LedgerGroup;
  readonly validator: ValidatorGroup;
  readonly scan: ScanGroup;
}

/**
 * Creates a client for the Ledger JSON API v2, the Splice validator API and the Splice Scan API.
 * Creating it sends nothing; every operation is a cold Observable.
 *
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 *
 * const client = createClient({
 *   ledger: { url: 'https://participant.example.com', token: () => auth.currentToken() },
 *   validator: { url: 'https://validator.example.com/api/validator', token: 'eyJ...' },
 *   scan: { url: 'https://scan.example.com/api/scan' },
 *   timeoutMs: 10_000,
 *   maxResponseBytes: 64 * 1024 * 1024,
 * });
 * ```
 * @category Client
 * @since 0.1.0
 */
export const createClient = (config: ClientConfig = {}): CantonClient => {
  const shared = clientShared(config);
  return {
    ledger: createLedgerGroup(withTelemetry(createTransport('ledger', config.ledger, shared), shared.telemetry), webSocketEndpoint(config.ledger, { ...shared, ...(config.webSocket !== undefined ? { webSocket: config.webSocket } : {}) })),
    validator: createValidatorGroup(withTelemetry(createTransport('validator', config.validator, shared), shared.telemetry), config.validator?.ansAcronym ?? 'cns'),
    scan: scanGroupFor(config.scan, shared),
  };
};
