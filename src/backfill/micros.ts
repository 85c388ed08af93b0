const SECONDS = 19;

/** A Timestamp as whole microseconds since the epoch (finer digits are dropped). @internal */
export const toMicros = (ts: string): bigint => {
  const seconds = BigInt(Date.parse(`${ts.slice(0, SECONDS)}Z`) / 1000);
  const fraction = ts.length === SECONDS + 1 ? 0 : Number((ts.slice(SECONDS + 1, -1) + '000000').slice(0, 6));
  return seconds * 1_000_000n + BigInt(fraction);
};

/** Microseconds since the epoch as a Timestamp with six fractional digits, as Scan writes record times. @internal */
export const fromMicros = (micros: bigint): string => {
  const whole = micros / 1_000_000n - (micros % 1_000_000n < 0n ? 1n : 0n);
  const rest = micros - whole * 1_000_000n;
  return `${new Date(Number(whole) * 1000).toISOString().slice(0, SECONDS)}.${rest.toString().padStart(6, '0')}Z`;
};
