import { defer, switchMap, type Observable } from 'rxjs';

/**
 * What `use` makes of a module loaded at subscribe (`load` is a dynamic `import()`), so that a
 * bundler with code splitting puts the module in a chunk of its own, fetched by the first call
 * that needs it rather than with the app (docs/browser.md, "Size"). Cold like every method:
 * nothing is loaded before subscribe, and an unsubscribe before the module arrives sends nothing.
 * A module that fails to load (a browser that cannot fetch the app's own chunk) is a defect of
 * the deployment, not an answer of the server: it reaches the Observable's error channel.
 * @internal
 */
export const whenLoaded = <M, A>(load: () => Promise<M>, use: (module: M) => Observable<A>): Observable<A> => defer(load).pipe(switchMap(use));
