/**
 * The generated codecs' cost (issue 11): every recorded ledger payload of test/fixtures that a
 * generated operation decodes, decoded with that operation's answer codec, against JSON.parse
 * alone on the same bytes (medians of 7 rounds). bench/run.ts prints it under part 1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as t from 'io-ts';
import { ledgerOperations } from '../src/generated/ledger/operations';
import { repositoryRoot } from './fixtures';
import { median } from './stats';

/** Fixture name prefixes and the generated ledger operation whose answer they are (as test/generated/fixtures.spec.ts pairs them). */
const PAIRS: ReadonlyArray<readonly [prefix: string, method: string, items: boolean]> = [
  ['events-by-contract-id__', 'getEventsByContractId', true],
  ['state-active-contracts__', 'listActiveContracts', false],
  ['transaction-by-offset__', 'getTransactionByOffset', false],
  ['update-by-id__', 'getUpdateById', false],
  ['updates-ledger-effects__', 'listUpdates', false],
];

const time = (runs: number, fn: () => void): number => {
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - start) / runs;
};

export interface GeneratedCodecRow {
  readonly file: string;
  readonly method: string;
  readonly kb: number;
  readonly parseMs: number;
  readonly decodeMs: number;
}

/** Decodes each ledger fixture with its generated operation's codec; throws if one does not decode. */
export const benchGeneratedCodecs = (): GeneratedCodecRow[] => {
  const dir = join(repositoryRoot, 'test', 'fixtures', 'ledger');
  const rows: GeneratedCodecRow[] = [];
  for (const file of readdirSync(dir).sort()) {
    const pair = PAIRS.find(([prefix]) => file.startsWith(prefix));
    if (pair === undefined) continue;
    const [, method, items] = pair;
    const codec = (ledgerOperations as unknown as Record<string, { response: t.Decoder<unknown, unknown> }>)[method]!.response;
    const text = readFileSync(join(dir, file), 'utf8');
    const parsed = JSON.parse(text) as unknown;
    const values = items && Array.isArray(parsed) ? parsed : [parsed];
    const decode = () => {
      for (const v of values) if (codec.decode(v)._tag !== 'Right') throw new Error(`${file} does not decode with ${method}`);
    };
    const runs = Math.max(200, Math.round(2_000_000 / text.length));
    time(runs, () => JSON.parse(text));
    time(runs, decode);
    const parse: number[] = [];
    const dec: number[] = [];
    for (let round = 0; round < 7; round++) {
      parse.push(time(runs, () => JSON.parse(text)));
      dec.push(time(runs, decode));
    }
    rows.push({ file, method, kb: text.length / 1024, parseMs: median(parse), decodeMs: median(dec) });
  }
  return rows;
};
