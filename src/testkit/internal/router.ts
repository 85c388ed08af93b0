/** Matches request paths against the path templates of the routes. */
import type { Route } from './http.js';

export type Match =
  | { readonly route: Route; readonly params: Record<string, string> }
  | { readonly methodNotAllowed: readonly string[]; readonly template: string }
  | undefined;

const matchTemplate = (template: string, path: string): Record<string, string> | undefined => {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (p[i] === '') return undefined;
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(p[i]!);
      } catch {
        return undefined;
      }
    } else if (seg !== p[i]) return undefined;
  }
  return params;
};

/** Finds the route of a request (literal templates win over templates with parameters). */
export const matchRoute = (routes: readonly Route[], method: string, path: string): Match => {
  const candidates = routes
    .map((route) => ({ route, params: matchTemplate(route.template, path) }))
    .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== undefined)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  if (candidates.length === 0) return undefined;
  const exact = candidates.find((c) => c.route.method === method);
  if (exact !== undefined) return exact;
  return { methodNotAllowed: [...new Set(candidates.map((c) => c.route.method))], template: candidates[0]!.route.template };
};
