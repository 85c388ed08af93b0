import { performance } from 'node:perf_hooks';
import { payloadDecoders } from '../src/codecs/splice/daml/payloadDecoders';
import { typeItem } from '../src/activity/typeItem';
import { activityOf } from '../src/activity/activityOf';
import { decodeWith } from '../src/codecs/decodeWith';
import { UpdateHistoryResponseV2 } from '../src/codecs/scan/UpdateHistoryResponseV2';
import { mainNetPages } from './fixtures';
import { median } from './stats';

const time = (runs: number, fn: () => void): number => {
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return performance.now() - start;
};

/**
 * Typing the Splice payloads of the MainNet `/v2/updates` pages (`typedPayloads`' work per item:
 * find each event's template, decode its create arguments or choice argument and result), against
 * JSON.parse of the same compact bytes (issue 28's goal: at most 0.10x). Paired rounds, medians.
 */
export const benchPayloads = (): Array<{ name: string; kb: number; typed: number; ratio: number }> => {
  const lookup = payloadDecoders();
  const rows: Array<{ name: string; kb: number; typed: number; ratio: number }> = [];
  for (const { name, text } of mainNetPages()) {
    const items = (JSON.parse(text) as { transactions: unknown[] }).transactions;
    let typed = 0;
    for (const item of items) typed += typeItem(lookup, item, false).events.length;
    const runs = Math.max(20, Math.round(4_000_000 / text.length));
    time(runs, () => JSON.parse(text));
    time(runs, () => items.forEach((i) => typeItem(lookup, i, false)));
    const ratios: number[] = [];
    for (let round = 0; round < 9; round++) {
      const a = time(runs, () => JSON.parse(text)) / runs;
      const b = time(runs, () => items.forEach((i) => typeItem(lookup, i, false))) / runs;
      ratios.push(b / a);
    }
    rows.push({ name, kb: text.length / 1024, typed, ratio: median(ratios) });
  }
  return rows;
};

/**
 * `scan.activity`'s cost over the read it interprets (issue 28's goal: at most 1.3x): per MainNet
 * page, JSON.parse and decoding (what `scan.updates` does with a page's bytes) against the same
 * plus `activityOf` on every item. The HTTP round trip, which the real read also pays, is left
 * out, so the ratio is an upper bound. Paired rounds, medians.
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
    time(runs, read);
    time(runs, () => read().forEach((i) => activityOf(i)));
    const ratios: number[] = [];
    for (let round = 0; round < 9; round++) {
      const a = time(runs, read) / runs;
      const b = time(runs, () => read().forEach((i) => activityOf(i))) / runs;
      ratios.push(b / a);
    }
    rows.push({ name, kb: text.length / 1024, elements, ratio: median(ratios) });
  }
  return rows;
};

if (require.main === module) for (const r of benchActivity()) console.log(`activity ${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  ${String(r.elements).padStart(5)} elements  ratio ${r.ratio.toFixed(3)}`);
if (require.main === module) for (const r of benchPayloads()) console.log(`${r.name.padEnd(44)} ${r.kb.toFixed(0).padStart(5)} KiB  ${String(r.typed).padStart(5)} typed events  ratio ${r.ratio.toFixed(3)}`);
