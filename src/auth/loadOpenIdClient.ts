import type * as OpenIdClient from 'openid-client';

/** openid-client once loaded: one import however many token sources. */
let loaded: Promise<typeof OpenIdClient> | undefined;

/**
 * The `openid-client` package (an optional peer dependency), imported on first use only, so that
 * nothing needs it unless a token source is used. Missing, it is an error that says how to fix
 * it; a failed import is not cached, since the package may be installed later.
 * @example
 * ```ts
 * const oidc = await loadOpenIdClient();
 * ```
 * @internal
 */
export const loadOpenIdClient = (): Promise<typeof OpenIdClient> => {
  loaded ??= import('openid-client').then(
    (m) => m,
    (e: unknown) => {
      loaded = undefined;
      throw Object.assign(new Error('oauthTokenSource needs the optional peer dependency `openid-client` (npm install openid-client@6)'), { name: 'MissingPeerDependency', cause: e });
    },
  );
  return loaded;
};
