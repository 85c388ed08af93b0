/**
 * The fault injector: for the n-th request of a route, each plan draws from `(seed, plan, route, n)`
 * alone whether to inject a fault and which, so a plan is reproducible whatever other routes do.
 */
import type { FaultKind, FaultPlan, RouteFilter, RouteGroup } from '../types.js';
import { hash32, hashUnit } from './prng.js';

interface NormalizedPlan {
  readonly rate: number;
  readonly kinds: readonly FaultKind[];
  readonly seed: string;
  readonly groups: readonly RouteGroup[] | undefined;
  readonly routes: readonly string[] | undefined;
  readonly delayMs: number;
  readonly retryAfterSeconds: number;
}

export interface FaultDecision {
  readonly kind: FaultKind;
  readonly delayMs: number;
  readonly retryAfterSeconds: number;
}

const VALID_KINDS: readonly FaultKind[] = [500, 503, 429, 'reset', 'truncate', 'invalid-json', 'delay'];

const normalizeFilter = (only: RouteFilter | undefined): { groups: readonly RouteGroup[] | undefined; routes: readonly string[] | undefined } => {
  if (only === undefined) return { groups: undefined, routes: undefined };
  if (typeof only === 'string') return { groups: [only], routes: undefined };
  if (Array.isArray(only)) return { groups: only as readonly RouteGroup[], routes: undefined };
  const o = only as { readonly groups?: readonly RouteGroup[]; readonly routes?: readonly string[] };
  return { groups: o.groups, routes: o.routes };
};

export const normalizePlans = (faults: FaultPlan | readonly FaultPlan[] | undefined, networkSeed: string): NormalizedPlan[] => {
  if (faults === undefined) return [];
  const plans: readonly FaultPlan[] = Array.isArray(faults) ? (faults as readonly FaultPlan[]) : [faults as FaultPlan];
  return plans.map((p) => {
    if (!(p.rate >= 0 && p.rate <= 1)) throw new RangeError(`fault rate must be within [0, 1], got ${p.rate}`);
    if (p.kinds.length === 0 && p.rate > 0) throw new RangeError('a fault plan with a positive rate needs at least one kind');
    for (const k of p.kinds) if (!VALID_KINDS.includes(k)) throw new RangeError(`unknown fault kind ${String(k)}`);
    // Both end up in headers and timers, where NaN or a negative number would not fail loudly.
    if (p.delayMs !== undefined && !(Number.isFinite(p.delayMs) && p.delayMs >= 0)) throw new RangeError(`fault delayMs must be a finite number ≥ 0, got ${p.delayMs}`);
    if (p.retryAfterSeconds !== undefined && !(Number.isSafeInteger(p.retryAfterSeconds) && p.retryAfterSeconds >= 0)) throw new RangeError(`fault retryAfterSeconds must be an integer ≥ 0, got ${p.retryAfterSeconds}`);
    return {
      rate: p.rate,
      kinds: [...p.kinds],
      seed: p.seed === undefined ? networkSeed : String(p.seed),
      ...normalizeFilter(p.only),
      delayMs: p.delayMs ?? 50,
      retryAfterSeconds: p.retryAfterSeconds ?? 1,
    };
  });
};

export class FaultInjector {
  private plans: NormalizedPlan[];

  constructor(
    faults: FaultPlan | readonly FaultPlan[] | undefined,
    private readonly networkSeed: string,
  ) {
    this.plans = normalizePlans(faults, networkSeed);
  }

  set(faults: FaultPlan | readonly FaultPlan[] | undefined): void {
    this.plans = normalizePlans(faults, this.networkSeed);
  }

  /** The fault for the n-th (1-based) request of a route, if any. */
  decide(routeId: string, template: string, group: RouteGroup, n: number): FaultDecision | undefined {
    for (let k = 0; k < this.plans.length; k++) {
      const plan = this.plans[k]!;
      if (plan.groups !== undefined && !plan.groups.includes(group)) continue;
      if (plan.routes !== undefined && !plan.routes.some((r) => r === routeId || r === template)) continue;
      if (plan.kinds.length === 0 || hashUnit(plan.seed, 'fault', k, routeId, n) >= plan.rate) continue;
      const kind = plan.kinds[hash32(plan.seed, 'kind', k, routeId, n) % plan.kinds.length]!;
      return { kind, delayMs: plan.delayMs, retryAfterSeconds: plan.retryAfterSeconds };
    }
    return undefined;
  }
}
