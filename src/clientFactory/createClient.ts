import { createTransport } from '../client/createTransport.js';
import { createLedgerGroup, type LedgerGroup } from '../ledger/createLedgerGroup.js';
import type { ScanGroup } from '../scan/createScanGroup.js';
import { createValidatorGroup, type ValidatorGroup } from '../validator/createValidatorGroup.js';
import { createRegistryGroup, type RegistryGroup } from '../registry/createRegistryGroup.js';
import { scanRegistryUrl } from '../registry/scanRegistryUrl.js';
import type { ClientConfig } from './ClientConfig.js';
import type { GroupConfig } from '../client/types.js';
import { isScanPoolConfig } from '../pool/types.js';
import { clientShared } from './clientShared.js';
import { scanGroupFor } from './scanGroupFor.js';
import { webSocketEndpoint } from '../ws/webSocketEndpoint.js';
import { withTelemetry } from '../telemetry/withTelemetry.js';

/** The default registry: one Scan's host root, with its token (the same server). A pool gives none: its Scans are cross-checked, a registry's answer would come from one. */
const scanRegistry = (scan: ClientConfig['scan']): { url: string; token?: GroupConfig['token'] } | undefined => {
  if (scan === undefined || isScanPoolConfig(scan)) return undefined;
  const url = scanRegistryUrl(scan.url);
  return url === undefined ? undefined : { url, ...(scan.token !== undefined ? { token: scan.token } : {}) };
};

/**
 * The API groups of a client. Each holds the operations of its group; a group that was not
 * configured is still there and answers every operation with an `InvalidRequest` Left.
 * @category Client
 * @since 0.1.0
 */
export interface CantonClient {
  readonly ledger: LedgerGroup;
  readonly validator: ValidatorGroup;
  readonly scan: ScanGroup;
  /**
   * The token standard's registries (docs/registry.md): `registry.url`, else the Scan host's root
   * (Amulet's registry); `client.registry.forAdmin(admin)` for another instrument admin's.
   * @since 0.4.0
   */
  readonly registry: RegistryGroup;
}

/**
 * Creates a client for the Ledger JSON API v2, the Splice validator API, the Splice Scan API and
 * the token standard's registries.
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
 *   registry: { url: 'https://scan.example.com' }, // the default when scan is one URL
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
    registry: createRegistryGroup(config.registry, scanRegistry(config.scan), (group) => withTelemetry(createTransport('registry', group, shared), shared.telemetry)),
  };
};
