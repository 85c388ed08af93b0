import { payloadDecoders } from '../src/codecs/splice/daml/payloadDecoders';
import { typeItem } from '../src/activity/typeItem';
import { activityOf } from '../src/activity/activityOf';
import { decodeWith } from '../src/codecs/decodeWith';
import { UpdateHistoryResponseV2 } from '../src/codecs/scan/UpdateHistoryResponseV2';
import { mainNetPages } from './fixtures';
import { median } from './stats';

// CPU time of the process (user + system, µs): what the shared machine's other load moves least.
const time = (runs: number, fn: () => void): number => {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const d = process.cpuUsage(start);
  return d.user + d.system;
};

/** Median of paired rounds of `b / a`, the order alternating so that neither side always runs warm. */
const pairedRatio = (runs: number, a: () => void, b: () => void): number => {
  const ratios: number[] = [];
  for (let round = 0; round < 11; round++) {
    const first = round % 2 === 0;
    const x = first ? time(runs, a) : 0;
    const y = time(runs, b);
    const x2 = first ? x : time(runs, a);
    ratios.push(y / x2);
  }
  return median(ratios);
};

/**
 * Typing the Splice payloads of the MainNet `/v2/updates` pages (`typedPayloads`' work per item:
 * find each event's template, decode its create arguments or choice argument and result), against
 * JSON.parse of the same compact bytes (issue 28's goal: at most 0.10x). CPU time, paired rounds
 * in alternating order, medians.
 */
export const benchPayloads = (): Array<{ name: string; kb: number; typed: number; ratio: number }> => {
  const lookup = payloadDecoders();
  const rows: Array<{ name: string; kb: number; typed: number; ratio: number }> = [];
  for (const { name, text } of mainNetPages()) {
    const items = (JSON.parse(text) as { transactions: unknown[] }).transactions;
    let typed = 0;
    for (const item of items) typed += typeItem(lookup, item, false).events.length;
    const runs = Math.max(20, Math.round(4_000_000 / text.length));
    const parse = () => JSON.parse(text);
    const type = () => items.forEach((i) => typeItem(lookup, i, false));
    time(runs, parse);
    time(runs, type);
    rows.push({ name, kb: text.length / 1024, typed, ratio: pairedRatio(runs, parse, type) });
  }
  return rows;
};

/**
 * `scan.activity`'s cost over the read it interprets (issue 28's goal: at most 1.3x): per MainNet
 * page, JSON.parse and decoding (what `scan.updates` does with a page's bytes) against the same
 * plus `activityOf` on every item. The HTTP round trip, which the real read also pays, is left
 * out, so the ratio is an upper bound. CPU time, paired rounds in alternating order, medians.
 */
export const benchActivity = (): Array<{ name: string; kb: number; elements: number; ratio: number }> => {
  const decode = decodeWith(UpdateHistoryResponseV2);
  const rows: Array<{ name: string; kb: number; elements: number; ratio: number }> = [];
  for (const { name, text } of mainNetPages()) {
    const read = (): unknown[] => {
      const r = decode(JSON.parse(text));
      if (r._tag !== 'Right') throw new Error(`${name} does not decode`);
      return r.right.transactions;
    };
    const elements = read().reduce((n: number, i) => n + activityOf(i).length, 0);
    const runs = Math.max(10, Math.round(2_000_000 / text.length));
    const withActivity = () => read().forEach((i) => activityOf(i));
    time(runs, read);
    time(runs, withActivity);
    rows.push({ name, kb: text.length / 1024, elements, ratio: pairedRatio(runs, read, withActivity) });
  }
  return rows;
};

if (require.main === module) for (const r of benchActivity()) console.log(`activity ${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  ${String(r.elements).padStart(5)} elements  ratio ${r.ratio.toFixed(3)}`);
if (require.main === module) for (const r of benchPayloads()) console.log(`${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  ${String(r.typed).padStart(5)} typed events  ratio ${r.ratio.toFixed(3)}`);
