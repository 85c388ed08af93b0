/**
 * The sink stream name of one slice of a distributed backfill: the backfill's name and the slice's
 * index, zero-padded, so that ordering the sink's rows by stream name, then by their place in the
 * stream (`ORDER BY stream, seq` in PostgreSQL) gives the one ordered history.
 * @example
 * ```ts
 * backfillSliceStream('mainnet', 7); // 'mainnet/000007'
 * ```
 * @category Sinks
 * @since 0.3.0
 */
export const backfillSliceStream = (name: string, index: number): string => `${name}/${String(index).padStart(6, '0')}`;
