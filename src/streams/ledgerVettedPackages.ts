import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Page } from '../paging/Page.js';
import { flattenPages } from '../paging/flattenPages.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { PackageMetadataFilter, TopologyStateFilter, VettedPackages } from '../generated/ledger/schemas.js';
import * as ledgerOperations from '../generated/ledger/operations.js';
import { Checks } from '../validation/checks.js';
import type { VettedPackagesCheckpoint } from './checkpoints.js';
import type { StreamOptions } from './options.js';
import { tokenPagedPages, type TokenListed } from './tokenPaged.js';
import { checkpointCodecs } from './checkpointCodecs.js';

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
 * The packages vetted per participant and synchronizer (`POST /v2/package-vetting/list`) as a
 * cold stream of `VettedPackages` entries, page after page through `nextPageToken`, each with a
 * checkpoint (see `VettedPackagesCheckpoint`).
 * This is the page form (`ledger.pages.vettedPackages`); `ledgerVettedPackages` is its item form.
 * @internal
 */
export const ledgerVettedPackagesPages = (
  transport: Transport,
  request: LedgerVettedPackagesRequest = {},
  options: StreamOptions<VettedPackagesCheckpoint> = {},
): Observable<E.Either<CantonError, Page<VettedPackages, VettedPackagesCheckpoint>>> =>
  checked(
    () => {
      const checks = new Checks();
      if (request.pageSize !== undefined) checks.positiveInt(request.pageSize, 'pageSize');
      return checks.checkpoint(checkpointCodecs['ledger.vettedPackages'], options.from).result('ledger.vettedPackages request', request);
    },
    (req) =>
      tokenPagedPages(
        'ledger.vettedPackages',
        (token: string | undefined) =>
          invokeOperation(transport, ledgerOperations.listVettedPackages, [{ ...req, ...(token !== undefined ? { pageToken: token } : {}) }]).pipe(
            map(E.map((r) => ({ entries: r.vettedPackages ?? [], nextPageToken: r.nextPageToken || undefined }))),
          ),
        options,
      ),
  );

/** The item form of `ledgerVettedPackagesPages`: its records, one by one (`ledger.vettedPackages`). @internal */
export const ledgerVettedPackages = (
  transport: Transport,
  request: LedgerVettedPackagesRequest = {},
  options: StreamOptions<VettedPackagesCheckpoint> = {},
): Observable<E.Either<CantonError, TokenListed<VettedPackages, VettedPackagesCheckpoint>>> =>
  flattenPages(ledgerVettedPackagesPages(transport, request, options), (page) => page.records);
