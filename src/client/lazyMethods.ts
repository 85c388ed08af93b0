import type { Transport } from './createTransport.js';
import type { OperationDescriptor } from './invokeOperation.js';
import { lazyOperation } from './lazyOperation.js';

/**
 * A group's methods whose operations are loaded on first use: for each name, {@link lazyOperation}
 * over the descriptor of that name in the module `load` gives (the group's operations). Built from
 * a list of names rather than a closure written out per method, since the method table is what a
 * browser app loads up front (docs/browser.md, "Size").
 * @internal
 */
export const lazyMethods = <M, L extends object>(transport: Transport, load: () => Promise<L>, names: ReadonlyArray<keyof M & keyof L & string>): M =>
  Object.fromEntries(names.map((name) => [name, lazyOperation(transport, () => load().then((m) => m[name] as OperationDescriptor<unknown>))])) as M;
