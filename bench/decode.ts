import { performance } from 'node:perf_hooks';
import { UpdateHistoryResponseV2 } from '../src/codecs/scan/UpdateHistoryResponseV2';
import { decodeWith } from '../src/codecs/decodeWith';
import { mainNetPages } from './fixtures';
import { median } from './stats';

const time = (runs: number, fn: () => void): number => {
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return performance.now() - start;
};

/**
 * Decoding the MainNet `/v2/updates` pages with UpdateHistoryResponseV2, against JSON.parse
 * alone on the same compact bytes (what Scan sends): per page, paired rounds of both, the median
 * of the 9 rounds' times of each and of their ratios.
 */
export const benchDecode = (): Array<{ name: string; kb: number; parseMs: number; decodeMs: number; ratio: number }> => {
  const decode = decodeWith(UpdateHistoryResponseV2);
  const rows: Array<{ name: string; kb: number; parseMs: number; decodeMs: number; ratio: number }> = [];
  for (const { name, text } of mainNetPages()) {
    const parsed = JSON.parse(text) as unknown;
    const runs = Math.max(20, Math.round(4_000_000 / text.length));
    // Warm up both paths before measuring.
    time(runs, () => JSON.parse(text));
    time(runs, () => decode(parsed));
    const parse: number[] = [];
    const dec: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < 9; round++) {
      const a = time(runs, () => JSON.parse(text)) / runs;
      const b =
        time(runs, () => {
          if (decode(parsed)._tag !== 'Right') throw new Error(`${name} does not decode`);
        }) / runs;
      parse.push(a);
      dec.push(b);
      ratios.push(b / a);
    }
    rows.push({ name, kb: text.length / 1024, parseMs: median(parse), decodeMs: median(dec), ratio: median(ratios) });
  }
  return rows;
};
