import type { GroupConfig } from '../client/types.js';

/**
 * Where the token standard's registries live (docs/registry.md). A registry is per instrument
 * admin, served at its host's root (`/registry/...`): `url` is the root of the default one (for
 * Amulet, the Scan host: `https://scan.example.com`, not `.../api/scan`), `byAdmin` the registry
 * of each other admin, by the admin's party id, reached through `client.registry.forAdmin(admin)`.
 * Without `url`, a client given one Scan (`scan: { url }`) uses that Scan host's root.
 * @example
 * ```ts
 * import { createClient } from 'canton-rx';
 * const client = createClient({
 *   registry: {
 *     url: 'https://scan.example.com',
 *     byAdmin: { 'acme-admin::1220ab': { url: 'https://registry.acme.example' } },
 *   },
 * });
 * ```
 * @category Client
 * @since 0.4.0
 */
export interface RegistryConfig {
  /** The root of the default registry (no `/registry` suffix: the paths carry it). */
  readonly url?: string;
  /** Sent as `Authorization: Bearer <token>` to the default registry only. */
  readonly token?: GroupConfig['token'];
  /** The registry of each instrument admin, by party id; each with its own token, if any. */
  readonly byAdmin?: Readonly<Record<string, GroupConfig>>;
}
