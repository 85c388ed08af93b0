/** Counts what the simulator served, per route, and logs the injected faults. */
import type { FaultKind, InjectedFault, NetworkStats, RouteGroup, RouteStats } from '../types.js';

interface MutableRouteStats {
  readonly group: RouteGroup | 'none';
  requests: number;
  readonly statuses: Record<string, number>;
  readonly faults: Record<string, number>;
}

export class StatsRecorder {
  private readonly routes = new Map<string, MutableRouteStats>();
  private faults: InjectedFault[] = [];
  private total = 0;

  /** Counts a request; returns its 1-based number on its route. */
  request(route: string, group: RouteGroup | 'none'): number {
    let r = this.routes.get(route);
    if (r === undefined) {
      r = { group, requests: 0, statuses: {}, faults: {} };
      this.routes.set(route, r);
    }
    r.requests += 1;
    this.total += 1;
    return r.requests;
  }

  status(route: string, status: number | 'reset'): void {
    const r = this.routes.get(route);
    if (r !== undefined) r.statuses[String(status)] = (r.statuses[String(status)] ?? 0) + 1;
  }

  fault(route: string, n: number, kind: FaultKind): void {
    const r = this.routes.get(route);
    if (r !== undefined) r.faults[String(kind)] = (r.faults[String(kind)] ?? 0) + 1;
    this.faults.push({ route, n, kind });
  }

  snapshot(): NetworkStats {
    const routes: RouteStats[] = [...this.routes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([route, r]) => ({ route, group: r.group, requests: r.requests, statuses: { ...r.statuses }, faults: { ...r.faults } }));
    return { totalRequests: this.total, routes, faults: [...this.faults] };
  }

  reset(): void {
    this.routes.clear();
    this.faults = [];
    this.total = 0;
  }
}
