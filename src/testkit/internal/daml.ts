/**
 * A small typed model of Daml values, so that one payload can be printed both in Scan's
 * `compact_json` (and the Ledger JSON API's encoding, which is the same for our purposes) and in
 * `protobuf_json`.
 */

export type DamlValue =
  | { readonly t: 'record'; readonly fields: ReadonlyArray<readonly [string, DamlValue]> }
  | { readonly t: 'party' | 'text' | 'contractId' | 'numeric' | 'int64' | 'date'; readonly v: string }
  | { readonly t: 'timestamp'; readonly micros: number }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'unit' }
  | { readonly t: 'list'; readonly v: readonly DamlValue[] }
  | { readonly t: 'optional'; readonly v: DamlValue | null }
  | { readonly t: 'variant'; readonly tag: string; readonly v: DamlValue }
  | { readonly t: 'enum'; readonly v: string }
  | { readonly t: 'textMap'; readonly v: ReadonlyArray<readonly [string, DamlValue]> }
  | { readonly t: 'genMap'; readonly v: ReadonlyArray<readonly [DamlValue, DamlValue]> };

/** A JSON value as the simulator prints it. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export const rec = (fields: Readonly<Record<string, DamlValue>>): DamlValue => ({ t: 'record', fields: Object.entries(fields) });
export const party = (v: string): DamlValue => ({ t: 'party', v });
export const text = (v: string): DamlValue => ({ t: 'text', v });
export const cid = (v: string): DamlValue => ({ t: 'contractId', v });
export const int64 = (v: number): DamlValue => ({ t: 'int64', v: String(v) });
export const time = (micros: number): DamlValue => ({ t: 'timestamp', micros });
export const bool = (v: boolean): DamlValue => ({ t: 'bool', v });
export const unit: DamlValue = { t: 'unit' };
export const list = (v: readonly DamlValue[]): DamlValue => ({ t: 'list', v });
export const some = (v: DamlValue): DamlValue => ({ t: 'optional', v });
export const none: DamlValue = { t: 'optional', v: null };
export const variant = (tag: string, v: DamlValue = unit): DamlValue => ({ t: 'variant', tag, v });
export const enumValue = (v: string): DamlValue => ({ t: 'enum', v });
export const textMap = (entries: ReadonlyArray<readonly [string, DamlValue]>): DamlValue => ({ t: 'textMap', v: entries });
/** A Daml `Map` (keys of any type): in compact JSON a list of `[key, value]` pairs, as MainNet prints `DsoRules.svs`. */
export const genMap = (entries: ReadonlyArray<readonly [DamlValue, DamlValue]>): DamlValue => ({ t: 'genMap', v: entries });
/** A Daml `Set`: a record whose `map` holds each element with a unit value. */
export const damlSet = (elements: readonly DamlValue[]): DamlValue => rec({ map: genMap(elements.map((e) => [e, unit] as const)) });
export const reltime = (micros: number): DamlValue => rec({ microseconds: int64(micros) });
export const round = (n: number): DamlValue => rec({ number: int64(n) });

/** A Numeric with 10 decimals from an integer amount of 10^-6 units. */
export const amount = (micro: number): DamlValue => ({ t: 'numeric', v: formatAmount(micro) });
export const numeric = (v: string): DamlValue => ({ t: 'numeric', v });

export const formatAmount = (micro: number): string => {
  const whole = Math.floor(micro / 1_000_000);
  const frac = micro - whole * 1_000_000;
  return `${whole}.${String(frac).padStart(6, '0')}0000`;
};

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const damlTime = (micros: number): string => {
  const frac = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  const d = new Date((micros - frac) / 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(frac, 6)}Z`
  );
};

/** Daml-LF JSON ("compact_json"): records as objects, Int64 and Numeric as strings, Optional as null or the value. */
export const compact = (value: DamlValue): Json => {
  switch (value.t) {
    case 'record': {
      const out: { [key: string]: Json } = {};
      for (const [label, v] of value.fields) out[label] = compact(v);
      return out;
    }
    case 'party':
    case 'text':
    case 'contractId':
    case 'numeric':
    case 'int64':
    case 'date':
    case 'enum':
      return value.v;
    case 'timestamp':
      return damlTime(value.micros);
    case 'bool':
      return value.v;
    case 'unit':
      return {};
    case 'list':
      return value.v.map(compact);
    case 'optional':
      return value.v === null ? null : compact(value.v);
    case 'variant':
      return { tag: value.tag, value: compact(value.v) };
    case 'textMap': {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of value.v) out[k] = compact(v);
      return out;
    }
    case 'genMap':
      return value.v.map(([k, v]) => [compact(k), compact(v)]);
  }
};

/** The proto3 JSON of `com.daml.ledger.api.v2.Value` ("protobuf_json"): every value tagged with its type. */
export const protobufJson = (value: DamlValue): Json => {
  switch (value.t) {
    case 'record':
      return { record: { fields: value.fields.map(([label, v]) => ({ label, value: protobufJson(v) })) } };
    case 'party':
      return { party: value.v };
    case 'text':
      return { text: value.v };
    case 'contractId':
      return { contractId: value.v };
    case 'numeric':
      return { numeric: value.v };
    case 'int64':
      return { int64: value.v };
    case 'date':
      return { date: value.v };
    case 'timestamp':
      return { timestamp: String(value.micros) };
    case 'bool':
      return { bool: value.v };
    case 'unit':
      return { unit: {} };
    case 'list':
      return { list: { elements: value.v.map(protobufJson) } };
    case 'optional':
      return { optional: value.v === null ? {} : { value: protobufJson(value.v) } };
    case 'variant':
      return { variant: { constructor: value.tag, value: protobufJson(value.v) } };
    case 'enum':
      return { enum: { constructor: value.v } };
    case 'textMap':
      return { textMap: { entries: value.v.map(([key, v]) => ({ key, value: protobufJson(v) })) } };
    case 'genMap':
      return { genMap: { entries: value.v.map(([key, v]) => ({ key: protobufJson(key), value: protobufJson(v) })) } };
  }
};
