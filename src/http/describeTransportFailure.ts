import type { PlainError } from './plainError.js';

/**
 * How much of a body had arrived when its connection failed: `expected` is its `Content-Length`,
 * when it had one. @internal
 */
export interface BodyProgress {
  readonly received: number;
  readonly expected?: number;
}

/** `1.2 MB`, `340 kB`, `512 bytes`: decimal units, at most one decimal. */
const size = (bytes: number): string => {
  const unit = (n: number, name: string) => `${Number((bytes / n).toFixed(1)).toString()} ${name}`;
  if (bytes >= 1e9) return unit(1e9, 'GB');
  if (bytes >= 1e6) return unit(1e6, 'MB');
  if (bytes >= 1e3) return unit(1e3, 'kB');
  return `${bytes} bytes`;
};

/** The chain of causes, outermost first (undici: `fetch failed` > the socket's error). */
const chain = (error: PlainError): PlainError[] => {
  const out: PlainError[] = [];
  for (let e: PlainError | undefined = error; e !== undefined; e = e.cause) out.push(e);
  return out;
};

/** What the browsers' fetch throws for a request that got no answer (Chromium, Firefox, Safari). */
const BROWSER_NO_RESPONSE = /^(Failed to fetch|NetworkError when attempting|Load failed)/;

/**
 * The one-line reason of a request that got no answer, read from what the transport threw (its
 * redacted copy) rather than its outer message: undici says `fetch failed` for a refused
 * connection and an unknown host alike, and `terminated` for a body cut off, with the socket's
 * error in its `cause`. Answers `ECONNREFUSED 127.0.0.1:1`, `ENOTFOUND scan.example`,
 * `connection closed after 1.2 MB of 3 MB` (when the headers had arrived and the body had
 * not), else the messages of the chain joined (`fetch failed: other side closed`).
 * @internal
 */
export const describeTransportFailure = (error: PlainError, body?: BodyProgress): string => {
  const errors = chain(error);
  // The innermost error with a system code names it best: `connect ECONNREFUSED 127.0.0.1:1`.
  const coded = [...errors].reverse().find((e) => e.code !== undefined && e.code.length > 0 && e.message.includes(e.code));
  const peer = coded === undefined ? undefined : coded.message.slice(coded.message.indexOf(coded.code!)).trim();
  if (body !== undefined) {
    const of = body.expected === undefined ? '' : ` of ${size(body.expected)}`;
    return `connection closed after ${size(body.received)}${of}${peer === undefined ? '' : ` (${peer})`}`;
  }
  if (peer !== undefined) return peer;
  // A browser's fetch says only this of a request that got no answer: a server down and a
  // cross-origin request it does not allow (CORS) look the same to the page, so say both.
  if (errors.length === 1 && error.name === 'TypeError' && BROWSER_NO_RESPONSE.test(error.message)) return `${error.message.trim()} (no response: unreachable, or a cross-origin request refused by CORS)`;
  const messages = errors.map((e) => e.message.trim()).filter((m, i, all) => m.length > 0 && all.indexOf(m) === i);
  return messages.length > 0 ? messages.join(': ') : error.name;
};
