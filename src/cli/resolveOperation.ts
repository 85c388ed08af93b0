import type { CliOperation } from './singleShotOperations.js';
import { UsageError } from './UsageError.js';

/** How an operation is typed on the command line: `group.method` when the method name is not unique. */
const nameOf = (op: CliOperation, all: ReadonlyArray<CliOperation>): string =>
  all.filter((o) => o.method === op.method).length > 1 ? `${op.group}.${op.method}` : op.method;

/**
 * The usage line of an operation: `lookupTransferCommandCounterByParty <party>`.
 * @example
 * ```ts
 * operationUsage(op, singleShotOperations); // 'scan.lookupFeaturedAppRight <provider_party_id>'
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const operationUsage = (op: CliOperation, all: ReadonlyArray<CliOperation>): string =>
  [nameOf(op, all), ...op.args.map((a) => (a.optional === true ? `[${a.name}]` : `<${a.name}>`))].join(' ');

/**
 * Finds the operation `canton-rx get` was given: by method name, `group.method`, or operation id,
 * case-sensitive. An unknown or ambiguous name is bad usage that lists what would fit.
 * @example
 * ```ts
 * resolveOperation('getDsoPartyId', singleShotOperations).path; // '/v0/dso-party-id'
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const resolveOperation = (name: string, all: ReadonlyArray<CliOperation>): CliOperation => {
  // A method name wins over an operation id: the token standard's v2 methods (getTransferFactoryV2) share their v1 twin's id.
  const byName = all.filter((o) => `${o.group}.${o.method}` === name || o.method === name);
  const matches = byName.length > 0 ? byName : all.filter((o) => o.operationId === name);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new UsageError(`${name} is in several groups: say which, ${matches.map((o) => `${o.group}.${o.method}`).join(' or ')}`);
  const near = all.filter((o) => o.method.toLowerCase().includes(name.toLowerCase().replace(/^.*\./, '')));
  throw new UsageError(`unknown operation ${JSON.stringify(name)}${near.length > 0 ? `; did you mean ${near.map((o) => nameOf(o, all)).join(', ')}?` : ''} (canton-rx get --list shows them all)`);
};
