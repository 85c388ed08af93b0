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

const GROUPS = ['scan', 'ledger', 'validator'] as const;

/**
 * Adapts the library's operation index to the table `canton-rx get` runs: the single-shot reads
 * (not `paged`, `GET`, or a `POST` that only reads: every `POST` the hand table knows), each with
 * its arguments: those of the hand table when it knows the method, else one string per path
 * parameter and, for a `POST`, one JSON body.
 * @example
 * ```ts
 * const table = operationsFromIndex(operationIndex, singleShotOperations);
 * ```
 * @category CLI
 * @since 0.3.0
 */
export const operationsFromIndex = (index: ReadonlyArray<OperationIndexRow>, known: ReadonlyArray<CliOperation>): CliOperation[] =>
  index.flatMap((row): CliOperation[] => {
    const group = GROUPS.find((g) => g === row.group);
    if (group === undefined || row.paged === true) return [];
    const hand = known.find((o) => o.group === group && o.method === row.method);
    if (row.httpMethod !== 'GET' && hand === undefined) return [];
    const params = [...row.path.matchAll(/\{([^}]+)\}/g)].map((m): OperationArg => ({ name: m[1]!, kind: 'string' }));
    const args = hand?.args ?? (row.httpMethod === 'POST' ? [...params, { name: 'request', kind: 'json' as const }] : params);
    const example = typeof row.example === 'string' ? row.example : hand?.example;
    return [
      {
        group,
        operationId: row.operationId,
        method: row.method,
        httpMethod: row.httpMethod === 'POST' ? 'POST' : 'GET',
        path: row.path,
        deprecated: row.deprecated === true,
        args,
        ...(example === undefined ? {} : { example }),
      },
    ];
  });
