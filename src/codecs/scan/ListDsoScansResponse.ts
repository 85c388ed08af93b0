import * as t from 'io-ts';

/**
 * The public Scans of the SVs, grouped by synchronizer, from `GET /v0/scans` (upstream
 * `ListDsoScansResponse`); `publicUrl` is the Scan's base URL without `/api/scan`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/scans
 * decodeWith(codecs.scan.ListDsoScansResponse)(await res.json());
 * // Right({ scans: [{ domainId: 'global-domain::1220…', scans: [{ publicUrl: 'https://scan.sv-1.example.com', svName: 'sv-1' }] }] })
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const ListDsoScansResponse = t.type(
  {
    scans: t.array(t.type({ domainId: t.string, scans: t.array(t.type({ publicUrl: t.string, svName: t.string }, 'ScanInfo')) }, 'DomainScans')),
  },
  'ListDsoScansResponse',
);
export type ListDsoScansResponse = t.TypeOf<typeof ListDsoScansResponse>;
