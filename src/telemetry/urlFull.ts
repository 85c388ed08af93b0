/**
 * A request's URL as a span's `url.full` records it (OpenTelemetry's semantic conventions): user
 * information removed and the value of every query parameter replaced by `REDACTED` (a query may
 * name a party or carry a filter; the names stay). A URL with neither, what almost every request
 * sends, is returned as it is without being parsed.
 * @example
 * ```ts
 * urlFull('https://user:pw@scan.example.com/api/scan/v0/acs?party=alice::1220&page=2'); // 'https://scan.example.com/api/scan/v0/acs?party=REDACTED&page=REDACTED'
 * ```
 * @internal
 */
export const urlFull = (url: string): string => {
  if (url.indexOf('?') < 0 && url.indexOf('@') < 0) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL this platform parses: nothing of it is recorded.
    return '';
  }
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  const names = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]!}=REDACTED`);
  // Set even when empty: a bare `?` goes too.
  parsed.search = names.length === 0 ? '' : `?${names.join('&')}`;
  return parsed.href;
};
