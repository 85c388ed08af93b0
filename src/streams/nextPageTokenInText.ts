const TOKEN = /^"nextPageToken"\s*:\s*("(?:[^"\\]|\\.)*")/;
const NO_UPDATES = /"updates"\s*:\s*\[\s*\]/;

/**
 * A guess at the `nextPageToken` of a ledger get-updates-page answer, read from its raw text
 * before it is parsed: the last `nextPageToken` in the text, when the page has updates (an empty
 * page is a caught-up tail, whose next request must wait for its poll interval). Cheap and
 * unchecked: a Daml value with such a field name can mislead it, so whoever acts on the guess
 * must compare it with the decoded page (`ledger.updates` uses a request sent on it only when it
 * equals the one the decoded page asks for).
 *
 * @example
 * ```ts
 * nextPageTokenInText('{"updates":[{"update":{}}],"nextPageToken":"CAE="}'); // 'CAE='
 * nextPageTokenInText('{"updates":[],"nextPageToken":"CAE="}'); // undefined
 * ```
 * @internal
 */
export const nextPageTokenInText = (text: string): string | undefined => {
  const at = text.lastIndexOf('"nextPageToken"');
  if (at < 0 || !text.includes('"updates"') || NO_UPDATES.test(text)) return undefined;
  const literal = TOKEN.exec(text.slice(at, at + 4096))?.[1];
  if (literal === undefined) return undefined;
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
};
