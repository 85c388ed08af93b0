import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from './paths';

export type Group = 'ledger' | 'validator' | 'scan';

/** What test/fixtures/upstream-facts.json holds (written by scripts/upstream-facts.mjs from the upstream specs). */
export interface UpstreamFacts {
  readonly generatedBy: string;
  /** Per group: path template (as written in the spec, without the group's base path) -> HTTP methods. */
  readonly routes: Readonly<Record<Group, Readonly<Record<string, readonly string[]>>>>;
  /** Every property name of any schema of any spec. */
  readonly fieldNames: readonly string[];
  /** Per spec file: its sha256 and each schema's own property names and required ones. */
  readonly specs: Readonly<Record<string, { readonly sha256: string; readonly schemas: Readonly<Record<string, { readonly properties: readonly string[]; readonly required: readonly string[] }>> }>>;
}

/** The committed facts of the upstream OpenAPI specs: what the tests read instead of the specs themselves. */
export const upstreamFactsFile = join(fixturesDir, 'upstream-facts.json');
export const upstreamFacts = JSON.parse(readFileSync(upstreamFactsFile, 'utf8')) as UpstreamFacts;

/** Whether a path template (`/v0/featured-apps/{provider_party_id}`) is a path of the group's specs. */
export const inUpstreamSpec = (group: Group, template: string): boolean => Object.prototype.hasOwnProperty.call(upstreamFacts.routes[group], template);

/** The methods the group's specs give a path template (none when the path is in no spec of the group). */
export const upstreamMethods = (group: Group, template: string): readonly string[] =>
  inUpstreamSpec(group, template) ? upstreamFacts.routes[group][template]! : [];

/** The upstream schema of a name in one spec file (relative to the upstream-openapi folder). */
export const upstreamSchema = (specFile: string, name: string) => upstreamFacts.specs[specFile]?.schemas[name];
