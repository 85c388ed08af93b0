import type { PackageMetadataFilter, TopologyStateFilter } from '../generated/ledger/schemas.js';
import { listVettedPackages } from '../generated/ledger/ops/listVettedPackages.js';
import type { VettedPackagesCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPaging } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * The request of `ledger.vettedPackages`: the body of `POST /v2/package-vetting/list` without its
 * page token.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerVettedPackagesRequest {
  readonly packageMetadataFilter?: PackageMetadataFilter;
  readonly topologyStateFilter?: TopologyStateFilter;
  readonly pageSize?: number;
}

/**
 * The packages vetted per participant and synchronizer (`POST /v2/package-vetting/list`) as
 * `VettedPackages` entries, page after page through `nextPageToken` (the page token family), each
 * with a checkpoint (see `VettedPackagesCheckpoint`).
 * @example
 * ```ts
 * ledgerVettedPackagesStream.items(transport, { pageSize: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const ledgerVettedPackagesStream = /*#__PURE__*/ recordStream({
  name: 'ledger.vettedPackages',
  family: 'page token',
  checkpoint: checkpointCodecs['ledger.vettedPackages'],
  items: 'records',
  defaultRequest: {},
  checks: (checks, request) => request.pageSize === undefined || checks.positiveInt(request.pageSize, 'pageSize'),
  read: ({ call }: ReadContext, request: LedgerVettedPackagesRequest, options: StreamOptions<VettedPackagesCheckpoint>) =>
    tokenPaging(
      'ledger.vettedPackages',
      (token: string | undefined) => call(listVettedPackages, [{ ...request, ...(token !== undefined ? { pageToken: token } : {}) }]),
      (r) => r.vettedPackages ?? [],
      (r) => r.nextPageToken || undefined,
      options.from,
    ),
});

/** The page form of `ledger.vettedPackages` (`ledger.pages.vettedPackages`). @internal */
export const ledgerVettedPackagesPages = ledgerVettedPackagesStream.pages;

/** The item form of `ledger.vettedPackages`: its records, one by one. @internal */
export const ledgerVettedPackages = ledgerVettedPackagesStream.items;
