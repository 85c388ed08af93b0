/**
 * Every codec on every recorded payload (issue 18): each fixture of test/fixtures decoded with the
 * codec of its endpoint (test/codecs/fixtureCodecs.ts), against JSON.parse of the same payload as
 * compact JSON (the bytes a server sends; some fixture files are pretty-printed). Paired rounds:
 * each round times JSON.parse and the decode back to back (CPU time, the order alternating), and the ratio is the median of the
 * rounds' ratios. The same for the plain io-ts codecs (fast guards off), for reference.
 * Goals: <= 0.10 on payloads of 10 KB or more, <= 0.25 on smaller ones.
 */
import { plainDecoding } from '../src/codecs/common/primitives';
import { fixturePayloads, ledgerUpdatesPage, type FixturePayload } from '../test/codecs/fixtureCodecs';
import { median } from './stats';

const ROUNDS = 9;

// CPU time of this process (ms a run), not wall time: on a shared machine a round that loses the
// core for a while would otherwise count the wait as decoding or parsing.
const time = (runs: number, fn: () => void): number => {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
};

export interface CodecRow {
  readonly file: string;
  /** What decodes it (`codecs.<group>.<Name>` or `<operation> answer`). */
  readonly method: string;
  readonly kb: number;
  readonly parseMs: number;
  readonly decodeMs: number;
  /** Median over the paired rounds of decode time / JSON.parse time. */
  readonly ratio: number;
  /** The same with the plain io-ts codecs. */
  readonly plainRatio: number;
  /** The goal for the payload's size: 0.10 from 10 KB, 0.25 below. */
  readonly goal: number;
}

/** Paired rounds of JSON.parse and `decode` on one payload: the median ratio and the median times. */
const paired = (p: FixturePayload, decode: () => void): { ratio: number; parseMs: number; decodeMs: number } => {
  const runs = Math.max(50, Math.round(3_000_000 / p.compact.length));
  const parse = () => JSON.parse(p.compact) as unknown;
  time(runs, parse);
  time(runs, decode);
  const ratios: number[] = [];
  const parses: number[] = [];
  const decodes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The order alternates, so that neither side always runs first in a round.
    const first = round % 2 === 0;
    const b0 = first ? 0 : time(runs, decode);
    const a = time(runs, parse);
    const b = first ? time(runs, decode) : b0;
    parses.push(a);
    decodes.push(b);
    ratios.push(b / a);
  }
  return { ratio: median(ratios), parseMs: median(parses), decodeMs: median(decodes) };
};

/** Decodes each valid fixture payload with its codec, compiled and plain; throws if one does not decode. */
export const benchGeneratedCodecs = (only?: RegExp): CodecRow[] => {
  const rows: CodecRow[] = [];
  for (const p of [...fixturePayloads(), ledgerUpdatesPage()]) {
    if (!p.valid || (only !== undefined && !only.test(p.file))) continue;
    // Decoding the parsed values: the parse is what JSON.parse is timed on.
    const values = p.values;
    const codec = p.codec;
    // An indexed loop: the harness should cost nothing beside the decode (an iterator would, on the small payloads).
    const decode = () => {
      for (let i = 0; i < values.length; i++) if (codec.decode(values[i])._tag !== 'Right') throw new Error(`${p.file} does not decode with ${p.decoder}`);
    };
    const compiled = paired(p, decode);
    const plain = plainDecoding(() => paired(p, decode));
    const kb = p.compact.length / 1024;
    rows.push({ file: `${p.group}/${p.file}`, method: p.decoder, kb, parseMs: compiled.parseMs, decodeMs: compiled.decodeMs, ratio: compiled.ratio, plainRatio: plain.ratio, goal: p.compact.length >= 10_000 ? 0.1 : 0.25 });
  }
  return rows;
};
