import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from './paths';

/** One matching set of the upstream token-standard parser's test data (test/fixtures/token-standard-parser/README.md). */
export interface ParserFixture {
  readonly name: string;
  readonly version: 'V1' | 'V2';
  /** `POST /v2/updates/flats`'s answer upstream: `{ update: { Transaction: { value } } }` elements. */
  readonly updates: ReadonlyArray<{ update: { Transaction: { value: { offset: number; events: Array<Record<string, { contractId: string }>> } } } }>;
  /** The events-by-contract-id answers, found by the created event's contract id. */
  readonly answers: ReadonlyArray<{ created: { createdEvent: { contractId: string } }; archived: unknown }>;
  readonly expected: { readonly nextOffset: number; readonly transactions: ReadonlyArray<unknown> };
}

const read = (dir: string, file: string): any => JSON.parse(readFileSync(join(fixturesDir, 'token-standard-parser', dir, file), 'utf8'));

/** The three sets, V1 each and V2 for the one that has it; upstream reads them for `alice::normalized`. */
export const parserFixtures = (): ParserFixture[] =>
  (
    [
      ['splice-v1-044079a', 'V1'],
      ['splice-v1-2ef0f14', 'V1'],
      ['sv-voting-172775422', 'V1'],
      ['sv-voting-172775422', 'V2'],
    ] as const
  ).map(([dir, version]) => ({
    name: `${dir} ${version}`,
    version,
    updates: read(dir, 'txs.json'),
    answers: read(dir, 'eventsByContractIdResponses.json'),
    expected: read(dir, `expected-${version.toLowerCase()}.json`),
  }));

export const FIXTURE_PARTY = 'alice::normalized';
