import * as t from 'io-ts';
import { optional } from '../common/primitives.js';

/**
 * An identity provider the participant accepts tokens from.
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
