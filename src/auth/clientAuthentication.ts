import type * as OpenIdClient from 'openid-client';
import type { OAuthClientCredentials, OAuthPrivateKey } from './OAuthClientCredentials.js';

type KeyAlgorithm = RsaHashedImportParams | EcKeyImportParams | Algorithm;

/** The WebCrypto import parameters of each JWS algorithm. */
const ALGORITHMS: Readonly<Record<string, KeyAlgorithm>> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  RS384: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-384' },
  RS512: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-512' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  PS384: { name: 'RSA-PSS', hash: 'SHA-384' },
  PS512: { name: 'RSA-PSS', hash: 'SHA-512' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  ES512: { name: 'ECDSA', namedCurve: 'P-521' },
  EdDSA: { name: 'Ed25519' },
};

/** A JWK's algorithm where it does not name one: from its curve, RS256 for RSA. */
const algorithmOfJwk = (jwk: JsonWebKey): string => {
  if (jwk.alg !== undefined) return jwk.alg;
  if (jwk.kty === 'EC') return jwk.crv === 'P-384' ? 'ES384' : jwk.crv === 'P-521' ? 'ES512' : 'ES256';
  if (jwk.kty === 'OKP') return 'EdDSA';
  return 'RS256';
};

const isCryptoKey = (key: unknown): key is CryptoKey => typeof key === 'object' && key !== null && 'algorithm' in key && 'usages' in key && 'type' in key;

/** A PKCS #8 PEM text as its DER bytes. */
const pkcs8 = (pem: string): ArrayBuffer => {
  const base64 = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
};

/**
 * The private key as a WebCrypto key that may sign: given as one, or imported from a PKCS #8 PEM
 * text or a private JWK with the algorithm named (or implied). A key that does not import is an
 * error that names the field and never quotes the key.
 * @example
 * ```ts
 * const key = await importPrivateKey({ key: pem, algorithm: 'ES256' });
 * ```
 * @internal
 */
export const importPrivateKey = async (privateKey: OAuthPrivateKey): Promise<CryptoKey> => {
  if (isCryptoKey(privateKey.key)) return privateKey.key;
  // A PEM text or a JWK (OAuthPrivateKey writes the JWK by its fields, which JsonWebKey has).
  const key = privateKey.key as string | JsonWebKey;
  const name = typeof key === 'string' ? (privateKey.algorithm ?? 'RS256') : (privateKey.algorithm ?? algorithmOfJwk(key));
  const algorithm = ALGORITHMS[name];
  if (algorithm === undefined) throw new Error(`privateKey.algorithm: unsupported JWS algorithm ${JSON.stringify(name)}; one of ${Object.keys(ALGORITHMS).join(', ')}`);
  try {
    if (typeof key === 'string') {
      if (!key.includes('-----BEGIN PRIVATE KEY-----')) throw new Error('not PKCS #8');
      return await globalThis.crypto.subtle.importKey('pkcs8', pkcs8(key), algorithm, false, ['sign']);
    }
    return await globalThis.crypto.subtle.importKey('jwk', key, algorithm, false, ['sign']);
  } catch {
    // What WebCrypto says may quote the key material: only the field is named.
    throw new Error(`privateKey.key: not a private ${name} key (a PKCS #8 PEM text "-----BEGIN PRIVATE KEY-----", a private JWK or a CryptoKey)`);
  }
};

/**
 * How the client authenticates at the token endpoint, as openid-client's `ClientAuth`:
 * `private_key_jwt` with the key, else the secret sent as `secretMethod` says, else as the
 * issuer's discovery document allows (basic first).
 * @example
 * ```ts
 * const auth = await clientAuthentication(oidc, config, metadata.token_endpoint_auth_methods_supported);
 * ```
 * @internal
 */
export const clientAuthentication = async (
  oidc: typeof OpenIdClient,
  config: OAuthClientCredentials,
  supported: ReadonlyArray<string> | undefined,
): Promise<OpenIdClient.ClientAuth> => {
  if (config.privateKey !== undefined) {
    const key = await importPrivateKey(config.privateKey);
    return oidc.PrivateKeyJwt(config.privateKey.keyId === undefined ? key : { key, kid: config.privateKey.keyId });
  }
  const post = config.secretMethod === 'post' || (config.secretMethod === undefined && supported !== undefined && !supported.includes('client_secret_basic') && supported.includes('client_secret_post'));
  return post ? oidc.ClientSecretPost(config.clientSecret) : oidc.ClientSecretBasic(config.clientSecret);
};
