import { of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { GroupConfig } from '../client/types.js';
import type { Transport } from '../client/createTransport.js';
import { invalidRequest } from '../errors/constructors.js';
import { generatedRegistryMethods, type GeneratedRegistryMethods } from '../generated/registry/methods.js';
import type { RegistryConfig } from './RegistryConfig.js';

/**
 * The token standard's registry APIs of one instrument admin (metadata, transfer instructions,
 * allocation instructions, allocations, transfer preapprovals; v1 and v2), at the registry's root.
 * Every method is cold and emits `Either<CantonError, A>`.
 * @example
 * ```ts
 * const acme: RegistryMethods = client.registry.forAdmin('acme-admin::1220ab');
 * acme.listInstruments({ pageSize: 10 }).subscribe((r) => console.log(r));
 * ```
 * @category Client
 * @since 0.4.0
 */
export type RegistryMethods = GeneratedRegistryMethods;

/**
 * `client.registry`: the default registry's methods (`registry.url`, else the Scan host's root),
 * and `forAdmin(admin)` for the registry of another instrument admin (docs/registry.md).
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * const client = createClient({ scan: { url: 'https://scan.example.com/api/scan' } });
 * client.registry.getRegistryInfo().subscribe((r) => console.log(r)); // Amulet's registry, at the Scan host
 * ```
 * @category Client
 * @since 0.4.0
 */
export interface RegistryGroup extends RegistryMethods {
  /**
   * The registry of an instrument admin (its party id, as in a holding's `instrumentId.admin`):
   * the one of `registry.byAdmin`, else the default registry. Without either, every method
   * answers an `InvalidRequest` naming the admin.
   * @example
   * ```ts
   * client.registry.forAdmin(holding.instrumentId.admin).getTransferFactory({ choiceArguments }).subscribe(console.log);
   * ```
   */
  forAdmin(adminPartyId: string): RegistryMethods;
}

/**
 * The registry group over `open` (a transport per registry: createClient's, with the client's
 * fetch, timeout and telemetry). `fallback` is the default registry when `config.url` is absent
 * (the Scan host's root), with `unconfigured` the reason there is none, for the error.
 * @example
 * ```ts
 * const registry = createRegistryGroup({ url: 'https://scan.example.com' }, undefined, (g) => createTransport('registry', g, shared));
 * ```
 * @internal
 */
export const createRegistryGroup = (config: RegistryConfig | undefined, fallback: GroupConfig | undefined, open: (group: GroupConfig | undefined) => Transport): RegistryGroup => {
  const main: GroupConfig | undefined =
    config?.url !== undefined ? { url: config.url, ...(config.token !== undefined ? { token: config.token } : {}) } : fallback;
  const defaultMethods = generatedRegistryMethods(open(main));
  const byAdmin = new Map(Object.entries(config?.byAdmin ?? {}).map(([admin, group]) => [admin, generatedRegistryMethods(open(group))]));
  const missing = (admin: string): RegistryMethods => {
    const left = E.left(
      invalidRequest(`no registry for the instrument admin ${admin}: pass createClient({ registry: { byAdmin: { [admin]: { url } } } }) or a default registry: { url }`, [
        { path: `registry.byAdmin.${admin}`, message: 'not configured' },
      ]),
    );
    return generatedRegistryMethods(() => of(left));
  };
  return {
    ...defaultMethods,
    forAdmin: (admin) => byAdmin.get(admin) ?? (main !== undefined ? defaultMethods : missing(admin)),
  };
};
