/**
 * The claim under which the simulator reads the rights a token carries (the legacy "custom Daml
 * claims" name, with `executeAs` and `readAsAnyParty` added).
 * @example
 * ```ts
 * const payload = { sub: 'alice', [RIGHTS_CLAIM]: { actAs: [net.party('alice')] } };
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export const RIGHTS_CLAIM = 'https://daml.com/ledger-api';

/**
 * What {@link mintToken} puts into a token.
 * @example
 * ```ts
 * const options: MintTokenOptions = { userId: 'bob', readAs: [net.party('bob')], expiresAt: new Date(Date.now() + 60_000) };
 * const token = mintToken(options);
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export interface MintTokenOptions {
  /** Ledger API user id: the `sub` claim. */
  readonly userId: string;
  /** Party ids the token may act as (read rights included). */
  readonly actAs?: readonly string[];
  /** Party ids the token may read as. */
  readonly readAs?: readonly string[];
  /** Party ids the token may execute as (enough for the traffic endpoint). */
  readonly executeAs?: readonly string[];
  /** Participant admin (needed by `GET /v2/idps/{idp-id}`). */
  readonly admin?: boolean;
  /** May read as any party (needed by `filtersForAnyParty`). */
  readonly readAsAnyParty?: boolean;
  /** Expiry, as a Date or epoch seconds (the `exp` claim); the simulator refuses expired tokens. */
  readonly expiresAt?: Date | number;
  /** The `aud` claim (checked by the simulator when started with `audience`). */
  readonly audience?: string;
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * Mints an unsigned JWT (`alg: none`, empty signature) the simulated network accepts as a
 * bearer token: `sub` is the user id, and the rights are under the `https://daml.com/ledger-api`
 * claim. The simulator grants the union of these rights and those the `users` option gives the
 * same user id. Real servers reject such tokens: this is for tests only.
 *
 * @example
 * ```ts
 * import { mintToken, startSimulatedNetwork } from 'canton-rx/testkit';
 * const net = await startSimulatedNetwork({ seed: 7 });
 * const token = mintToken({ userId: 'alice', actAs: [net.party('alice')] });
 * const res = await fetch(`${net.validatorUrl}/v0/scan-proxy/open-and-issuing-mining-rounds`, {
 *   headers: { authorization: `Bearer ${token}` },
 * });
 * await net.close();
 * ```
 * @category Testkit
 * @since 0.1.0
 */
export function mintToken(options: MintTokenOptions): string {
  const rights: Record<string, unknown> = {};
  if (options.actAs !== undefined) rights['actAs'] = [...options.actAs];
  if (options.readAs !== undefined) rights['readAs'] = [...options.readAs];
  if (options.executeAs !== undefined) rights['executeAs'] = [...options.executeAs];
  if (options.admin !== undefined) rights['admin'] = options.admin;
  if (options.readAsAnyParty !== undefined) rights['readAsAnyParty'] = options.readAsAnyParty;
  const payload: Record<string, unknown> = { sub: options.userId, scope: 'daml_ledger_api' };
  if (options.audience !== undefined) payload['aud'] = options.audience;
  if (options.expiresAt !== undefined) payload['exp'] = options.expiresAt instanceof Date ? Math.floor(options.expiresAt.getTime() / 1000) : options.expiresAt;
  if (Object.keys(rights).length > 0) payload[RIGHTS_CLAIM] = rights;
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
}
