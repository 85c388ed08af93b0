const LIMIT = 80;

/** Renders a decoded value for an error message, cut short so that no payload floods a log. @internal */
export const renderActual = (value: unknown): string => {
  let s: string;
  if (value === undefined) s = 'undefined';
  else {
    try {
      s = JSON.stringify(value) ?? String(value);
    } catch {
      // Cyclic values, BigInts, objects without a prototype: String() itself may throw on those.
      try {
        s = String(value);
      } catch {
        s = Object.prototype.toString.call(value);
      }
    }
  }
  return s.length > LIMIT ? `${s.slice(0, LIMIT - 1)}…` : s;
};
