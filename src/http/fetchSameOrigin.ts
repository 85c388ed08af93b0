import type { Fetch, FetchInit, FetchResponse } from './types.js';

/** Fetch follows at most 20; an API that redirects more than a few times is misconfigured. */
const MAX_REDIRECTS = 5;

const isRedirect = (status: number): boolean => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/** Lets go of a redirect's body unread, so that its connection is not held for it. */
const discard = (res: FetchResponse): void => {
  const body = res.body as { cancel?: () => Promise<void>; destroy?: () => void } | null | undefined;
  try {
    if (typeof body?.cancel === 'function') void body.cancel().catch(() => undefined);
    else if (typeof body?.destroy === 'function') body.destroy();
  } catch {
    // A body that cannot be let go of is collected with its response.
  }
};

/**
 * One request that follows redirects only within the origin it was sent to. Redirects are asked
 * for as `manual`, so no fetch (cross-fetch forwards `Authorization` to another port of the
 * same host) follows them on its own; a same-origin one is followed here, with the method
 * change of the fetch standard (303, and 301/302 after a POST, become a GET without a body); a
 * redirect to another origin, one without a usable `Location`, one too many, or one that the
 * platform makes opaque (a browser's status 0) is the answer, so the token never reaches
 * another origin.
 * @internal
 */
export const fetchSameOrigin = async (fetchFn: Fetch, url: string, init: FetchInit): Promise<FetchResponse> => {
  const origin = new URL(url).origin;
  let current = url;
  let step: FetchInit = { ...init, redirect: 'manual' };
  for (let hop = 0; ; hop++) {
    const res = await fetchFn(current, step);
    if (!isRedirect(res.status) || hop === MAX_REDIRECTS) return res;
    const location = res.headers.get('location');
    let next: URL;
    try {
      next = new URL(location ?? '', current);
    } catch {
      return res;
    }
    if (location === null || next.origin !== origin) return res;
    discard(res);
    current = next.href;
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && step.method === 'POST')) {
      const { 'content-type': _dropped, ...headers } = step.headers;
      const { body: _body, ...rest } = step;
      step = { ...rest, method: 'GET', headers };
    }
  }
};
