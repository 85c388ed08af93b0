import type { CliOperation, OperationArg } from './singleShotOperations.js';

/**
 * One row of the library's operation index, as `canton-rx get` reads it.
 * @category CLI
 * @since 0.3.0
 */
export interface OperationIndexRow {
  readonly group: string;
  readonly operationId: string;
  readonly method: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly deprecated?: boolean;
  readonly paged?: boolean;
  readonly example?: unknown;
}

const GROUPS = ['scan', 'ledger', 'validator', 'registry'] as const;

/** A POST that only reads is named so by the readable method names of the index (docs/codegen.md). */
const READ_NAME = /^(get|list|lookup|count|is)[A-Z]/;

const shellWord = (value: unknown): string => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^[\w:.@/-]+$/.test(value)) return value;
  return `'${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
};

/**
 * Adapts the library's operation index to the table `canton-rx get` runs: every read (a `GET`,
 * or a `POST` whose method reads: `get…`, `list…`, `lookup…`, `count…`; one page of a paged
 * endpoint included), with the arguments of the hand table where it knows the method, else those
 * of the generated method: one string (or number) per path parameter, then the body (JSON) of a `POST`, then
 * an optional query object (JSON). Hand entries the index lacks (operations the specs leave out)
 * are kept. Writes are left out on purpose: `get` only reads.
 * @example
 * ```ts
 * const table = operationsFromIndex(operationIndex, singleShotOperations);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const operationsFromIndex = (index: ReadonlyArray<OperationIndexRow>, known: ReadonlyArray<CliOperation>): CliOperation[] => [
  ...index.flatMap((row): CliOperation[] => {
    const group = GROUPS.find((g) => g === row.group);
    if (group === undefined) return [];
    const hand = known.find((o) => o.group === group && o.method === row.method);
    if (hand === undefined && row.httpMethod !== 'GET' && !(row.httpMethod === 'POST' && READ_NAME.test(row.method))) return [];
    const example = Array.isArray(row.example) ? (row.example as unknown[]) : undefined;
    const params = [...row.path.matchAll(/\{([^}]+)\}/g)].map((m, i): OperationArg => ({ name: m[1]!, kind: typeof example?.[i] === 'number' ? 'number' : 'string' }));
    const rest = (example?.length ?? params.length) - params.length;
    const body: OperationArg[] = row.httpMethod === 'POST' && rest > 0 ? [{ name: 'request', kind: 'json' }] : [];
    const query: OperationArg[] = rest > body.length ? [{ name: 'query', kind: 'json', optional: true }] : [];
    const args = hand?.args ?? [...params, ...body, ...query];
    const exampleText = hand?.example ?? (example === undefined || example.length === 0 ? undefined : example.map(shellWord).join(' '));
    return [
      {
        group,
        operationId: row.operationId,
        method: row.method,
        httpMethod: row.httpMethod,
        path: row.path,
        deprecated: row.deprecated === true,
        args,
        ...(exampleText === undefined ? {} : { example: exampleText }),
      },
    ];
  }),
  // Reads the specs leave out (the ledger's traffic accounts) stay callable.
  ...known.filter((o) => !index.some((row) => row.group === o.group && row.method === o.method)),
];
