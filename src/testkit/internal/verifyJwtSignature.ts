/**
 * A JWT's signature checked against a JWKS, as a participant configured with its identity
 * provider's JWKS checks it: the key named by the header's `kid` (or the one key of a set without
 * `kid`s), of the header's `alg` (RS, PS, ES with SHA-256/384/512, or EdDSA). `alg: none` (what
 * `mintToken` writes) and every unknown algorithm are refused.
 */
import { createPublicKey, verify, constants, type JsonWebKey, type KeyObject } from 'node:crypto';

/** A JSON Web Key Set, as an identity provider publishes it at its `jwks_uri`. */
export interface Jwks {
  readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

const HASHES: Readonly<Record<string, string>> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };

/** The key of `jwks` a token's header names, as a public KeyObject; undefined when none fits or it does not parse. */
const keyFor = (jwks: Jwks, kid: unknown): KeyObject | undefined => {
  const candidates = typeof kid === 'string' ? jwks.keys.filter((k) => k['kid'] === kid) : jwks.keys.length === 1 ? jwks.keys : [];
  if (candidates.length !== 1) return undefined;
  try {
    return createPublicKey({ key: candidates[0] as JsonWebKey, format: 'jwk' });
  } catch {
    return undefined;
  }
};

/**
 * Whether `token` (three base64url parts) carries a valid signature by a key of `jwks` for the
 * algorithm its header names.
 * @example
 * ```ts
 * verifyJwtSignature(token, { keys: [publicJwk] }); // true for a token the matching private key signed
 * verifyJwtSignature(mintToken({ userId: 'alice' }), { keys: [publicJwk] }); // false: alg none
 * ```
 */
export const verifyJwtSignature = (token: string, jwks: Jwks): boolean => {
  const [h, p, s] = token.split('.');
  if (h === undefined || p === undefined || s === undefined || s === '') return false;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof header !== 'object' || header === null) return false;
  const { alg, kid } = header as Record<string, unknown>;
  if (typeof alg !== 'string') return false;
  const key = keyFor(jwks, kid);
  if (key === undefined) return false;
  const data = Buffer.from(`${h}.${p}`, 'ascii');
  const signature = Buffer.from(s, 'base64url');
  try {
    if (alg === 'EdDSA') return key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'ed448' ? verify(null, data, key, signature) : false;
    const m = /^(RS|PS|ES)(256|384|512)$/.exec(alg);
    if (m === null) return false;
    const [, family, bits] = m;
    const hash = HASHES[bits!]!;
    if (family === 'ES') return key.asymmetricKeyType === 'ec' && verify(hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'rsa-pss') return false;
    return family === 'RS'
      ? verify(hash, data, key, signature)
      : verify(hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, signature);
  } catch {
    return false;
  }
};
