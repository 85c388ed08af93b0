/**
 * How the simulator authenticates bearer tokens (see docs/testkit.md): opaque tokens registered in
 * the `users` option, or unsigned JWT-like tokens whose `sub` names the user; the rights are the
 * user's in the participant's user store, plus those the token's claims carry.
 */
import { RIGHTS_CLAIM } from '../mintToken.js';
import type { SimulatedUser } from '../types.js';
import { verifyJwtSignature, type Jwks } from './verifyJwtSignature.js';

/** The identity and rights a token grants. */
export interface Principal {
  readonly userId: string;
  readonly actAs: ReadonlySet<string>;
  readonly readAs: ReadonlySet<string>;
  readonly executeAs: ReadonlySet<string>;
  readonly admin: boolean;
  readonly readAsAnyParty: boolean;
  readonly primaryParty: string | undefined;
}

export type AuthResult = { readonly principal: Principal } | { readonly missing: true } | { readonly invalid: string };

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const strings = (u: unknown): string[] => (Array.isArray(u) ? u.filter((x): x is string => typeof x === 'string') : []);

const decodeSegment = (s: string): unknown => {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s)) return undefined;
  try {
    return JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

const principalOf = (userId: string, registered: SimulatedUser | undefined, claims: Record<string, unknown>): Principal => {
  const actAs = [...(registered?.actAs ?? []), ...strings(claims['actAs'])];
  return {
    userId,
    actAs: new Set(actAs),
    readAs: new Set([...(registered?.readAs ?? []), ...strings(claims['readAs'])]),
    executeAs: new Set([...(registered?.executeAs ?? []), ...strings(claims['executeAs'])]),
    admin: registered?.admin === true || claims['admin'] === true,
    readAsAnyParty: registered?.readAsAnyParty === true || claims['readAsAnyParty'] === true,
    primaryParty: registered?.primaryParty ?? actAs[0],
  };
};

/**
 * Authenticates the `Authorization` header; `nowSeconds` is the wall clock, for `exp`. `stored`
 * answers a user's rights as the participant's user store holds them now (created, granted or
 * revoked through the user management API): as a participant does, a token naming a user (its
 * `sub`, or an opaque token's user) gets them, beside any rights its claims carry. With an
 * `audience`, a JWT whose `aud` (a string or an array) does not hold it is refused, as Canton 3.7
 * refuses it: the same UNAUTHENTICATED answer as any invalid token, which never says why. With a
 * `jwks`, a JWT must carry a valid signature by one of its keys (unsigned `mintToken` tokens are
 * refused then); opaque `users` tokens are not JWTs and are accepted as before.
 */
export const authenticate = (
  header: string | undefined,
  users: readonly SimulatedUser[],
  nowSeconds: number,
  stored: (userId: string) => SimulatedUser | undefined = () => undefined,
  audience?: string,
  jwks?: Jwks,
): AuthResult => {
  if (header === undefined || header.trim() === '') return { missing: true };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (m === null) return { invalid: 'not a bearer token' };
  const token = m[1]!;
  const opaque = users.find((u) => u.token === token);
  if (opaque !== undefined) return { principal: principalOf(opaque.userId, stored(opaque.userId) ?? opaque, {}) };
  const parts = token.split('.');
  if (parts.length !== 3) return { invalid: 'unknown token' };
  const header0 = decodeSegment(parts[0]!);
  const payload = decodeSegment(parts[1]!);
  if (!isObject(header0) || typeof header0['alg'] !== 'string' || !isObject(payload)) return { invalid: 'malformed JWT' };
  if (jwks !== undefined && !verifyJwtSignature(token, jwks)) return { invalid: 'the JWT signature does not verify against the JWKS' };
  const sub = payload['sub'];
  if (typeof sub !== 'string' || sub === '') return { invalid: 'the JWT has no sub' };
  const exp = payload['exp'];
  if (exp !== undefined && (typeof exp !== 'number' || exp <= nowSeconds)) return { invalid: 'the JWT has expired' };
  const aud = payload['aud'];
  if (audience !== undefined && !(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return { invalid: 'the JWT lacks the audience' };
  const claims = isObject(payload[RIGHTS_CLAIM]) ? (payload[RIGHTS_CLAIM] as Record<string, unknown>) : {};
  return { principal: principalOf(sub, stored(sub) ?? users.find((u) => u.userId === sub), claims) };
};

/** Whether the principal may read as a party. */
export const canReadAs = (p: Principal, party: string): boolean => p.readAsAnyParty || p.actAs.has(party) || p.readAs.has(party) || p.executeAs.has(party);
