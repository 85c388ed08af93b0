import { scanBasePath } from '../generated/scan/scanBasePath.js';

/**
 * The registry root of a Scan: Scan serves Amulet's registry at its host's root
 * (`https://scan.example.com/registry/metadata/v1/info`), beside `/api/scan`. The Scan base URL
 * with its `/api/scan` suffix cut (a path before it, as behind a proxy, is kept); a URL that does not
 * end in `/api/scan` gives its origin. Undefined for a URL that does not parse (the Scan group
 * reports that one).
 * @example
 * ```ts
 * scanRegistryUrl('https://scan.example.com/api/scan'); // 'https://scan.example.com'
 * ```
 * @internal
 */
export const scanRegistryUrl = (scanUrl: string): string | undefined => {
  let url: URL;
  try {
    url = new URL(scanUrl);
  } catch {
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  const root = path.endsWith(scanBasePath) ? path.slice(0, -scanBasePath.length) : '';
  return `${url.origin}${root}`;
};
