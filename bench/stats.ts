/** The median of a non-empty list (the upper one of the two middle values for an even length). */
export const median = (xs: ReadonlyArray<number>): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A ratio's median and spread over paired rounds, for printing. */
export const spread = (xs: ReadonlyArray<number>): string => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)} to ${Math.max(...xs).toFixed(2)})`;
