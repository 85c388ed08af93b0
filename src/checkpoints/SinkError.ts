/**
 * The expected failures of checkpoint stores and sinks. They travel as `Left` values beside the
 * stream's own `CantonError`s, so that a fenced-out writer or a lost database connection ends the
 * feed with a value a service can match on, never with an exception.
 */

/**
 * Another writer advanced the stored checkpoint since this one loaded it (the compare-and-set
 * found another revision, or the store was being written at that instant): this writer must stop.
 * Nothing of the batch that met the conflict was stored.
 * @category Sinks
 * @since 0.2.0
 */
export interface CheckpointConflict {
  readonly _tag: 'CheckpointConflict';
  /** What the store keeps: a file path, or `<engine>:<stream name>`. */
  readonly store: string;
  /** The revision this writer loaded (or last saved). */
  readonly expected: number;
  /** The revision found in the store, when it could be read. */
  readonly actual?: number;
  readonly message: string;
}

/**
 * The store could not be read or written: an I/O error, a database or server error, or stored
 * content that is not what this store writes. `cause` is a plain `{name, message, code?}` copy of
 * what was thrown, safe to log.
 * @category Sinks
 * @since 0.2.0
 */
export interface StoreFailure {
  readonly _tag: 'StoreFailure';
  readonly store: string;
  readonly message: string;
  readonly cause?: { readonly name: string; readonly message: string; readonly code?: string };
}

/**
 * Every expected failure of a checkpoint store or a sink.
 * @category Sinks
 * @since 0.2.0
 */
export type SinkError = CheckpointConflict | StoreFailure;

/** A conflict with the revisions it saw. @internal */
export const checkpointConflict = (store: string, expected: number, actual: number | undefined, why: string): CheckpointConflict => ({
  _tag: 'CheckpointConflict',
  store,
  expected,
  ...(actual !== undefined ? { actual } : {}),
  message: `${store}: ${why} (expected revision ${expected}${actual !== undefined ? `, found ${actual}` : ''}); another writer owns this stream`,
});

/** A failure with a plain copy of what was thrown (never the object: it may hold a connection and its password). @internal */
export const storeFailure = (store: string, message: string, thrown?: unknown): StoreFailure => {
  if (thrown === undefined) return { _tag: 'StoreFailure', store, message: `${store}: ${message}` };
  const e = thrown as { name?: unknown; message?: unknown; code?: unknown } | null;
  const isObject = typeof e === 'object' && e !== null;
  const cause = {
    name: isObject && typeof e.name === 'string' ? e.name : 'Error',
    message: isObject && typeof e.message === 'string' ? e.message : String(thrown),
    ...(isObject && (typeof e.code === 'string' || typeof e.code === 'number') ? { code: String(e.code) } : {}),
  };
  return { _tag: 'StoreFailure', store, message: `${store}: ${message}: ${cause.message}`, cause };
};
