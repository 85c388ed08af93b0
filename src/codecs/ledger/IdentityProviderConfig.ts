import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

/**
 * An identity provider the participant accepts tokens from.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.IdentityProviderConfig)(body.identityProviderConfig);
 * // Right({ identityProviderId: 'idp-1', isDeactivated: false, issuer: 'https://issuer.example', jwksUrl: 'https://issuer.example/jwks', audience: '' })
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const IdentityProviderConfig = t.intersection(
  [
    t.type({
      identityProviderId: t.string,
      issuer: t.string,
      jwksUrl: t.string,
    }),
    t.partial({
      isDeactivated: optional(t.boolean),
      audience: optional(t.string),
    }),
  ],
  'IdentityProviderConfig',
);
export type IdentityProviderConfig = t.TypeOf<typeof IdentityProviderConfig>;

/**
 * The answer of `GET /v2/idps/{idp-id}`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /v2/idps/{idp-id}
 * decodeWith(codecs.ledger.GetIdentityProviderConfigResponse)(await res.json()); // Either<DecodeError, GetIdentityProviderConfigResponse>
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetIdentityProviderConfigResponse = t.type(
  {
    identityProviderConfig: IdentityProviderConfig,
  },
  'GetIdentityProviderConfigResponse',
);
export type GetIdentityProviderConfigResponse = t.TypeOf<typeof GetIdentityProviderConfigResponse>;
