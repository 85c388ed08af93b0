import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { toIssues } from '../../src/codecs/decodeWith';
import { strictDecoding, unknownMemberOf } from '../../src/codecs/common/openMembers';
import * as L from '../../src/codecs/ledger/index';
import * as S from '../../src/codecs/scan/index';
import { fixturePayloads, type FixturePayload } from './fixtureCodecs';

/**
 * Issue 20, "Tolerate what upstream adds": every real fixture replayed with one variant of an open
 * union renamed to a name no spec has. The payload still decodes, to itself (nothing else
 * changes), the renamed member is an unknown member of its union carrying the new name, and the
 * strict mode refuses it at its path, naming it. The streams' side (the feed goes on, checkpoints
 * included) is test/codecs/unknownVariantStreams.spec.ts.
 */

type Path = ReadonlyArray<string | number>;
type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (u: unknown): u is Obj => typeof u === 'object' && u !== null && !Array.isArray(u);

/** One way a variant of an open union shows in JSON, and how to rename it. */
interface Site {
  readonly union: string;
  readonly codecs: ReadonlyArray<t.Mixed>;
  /** The renamed value, and the name the unknown member then carries. */
  readonly rename: (o: Obj) => { readonly value: Obj; readonly name: string };
}

/** Canton's wrapper unions: the variant key, renamed `Future<Key>`. */
const wrapper = (union: string, codec: t.Mixed): Site => ({
  union,
  codecs: [codec],
  rename: (o) => {
    const [key] = Object.keys(o);
    return { value: { [`Future${key!}`]: o[key!] }, name: `Future${key!}` };
  },
});
const LEDGER_VARIANTS: Readonly<Record<string, Site>> = {
  Transaction: wrapper('Update', L.Update),
  Reassignment: wrapper('Update', L.Update),
  TopologyTransaction: wrapper('Update', L.Update),
  CreatedEvent: wrapper('Event', L.Event),
  ArchivedEvent: wrapper('Event', L.Event),
  ExercisedEvent: wrapper('Event', L.Event),
  JsAssignmentEvent: wrapper('JsReassignmentEvent', L.JsReassignmentEvent),
  JsUnassignedEvent: wrapper('JsReassignmentEvent', L.JsReassignmentEvent),
  JsActiveContract: wrapper('JsContractEntry', L.JsContractEntry),
  JsIncompleteAssigned: wrapper('JsContractEntry', L.JsContractEntry),
  JsIncompleteUnassigned: wrapper('JsContractEntry', L.JsContractEntry),
  ParticipantAuthorizationAdded: wrapper('TopologyEventEvent', L.TopologyEventEvent),
  ParticipantAuthorizationChanged: wrapper('TopologyEventEvent', L.TopologyEventEvent),
  ParticipantAuthorizationRevoked: wrapper('TopologyEventEvent', L.TopologyEventEvent),
};

/** Scan's: the event_type of a tree event; the presence keys of an item or a reassignment event. */
const renameKeys = (o: Obj, keys: ReadonlyArray<string>): Obj => Object.fromEntries(Object.entries(o).map(([k, v]) => [keys.includes(k) ? `future_${k}` : k, v]));
const SCAN_TREE_EVENT: Site = { union: 'TreeEvent', codecs: [S.TreeEvent], rename: (o) => ({ value: { ...o, event_type: `future_${String(o['event_type'])}` }, name: `future_${String(o['event_type'])}` }) };
const SCAN_ITEM: Site = { union: 'UpdateHistoryItem(V2)', codecs: [S.UpdateHistoryItem, S.UpdateHistoryItemV2], rename: (o) => ({ value: renameKeys(o, ['events_by_id', 'root_event_ids']), name: '' }) };
const SCAN_REASSIGNMENT_EVENT: Site = { union: 'ReassignmentEvent', codecs: [], rename: (o) => ({ value: renameKeys(o, ['created_event', 'contract_id']), name: '' }) };

/** The open-union variant at this spot, if there is one. */
const siteOf = (group: FixturePayload['group'], v: Json, path: Path): Site | undefined => {
  if (!isObj(v)) return undefined;
  const keys = Object.keys(v);
  if (group === 'ledger') return keys.length === 1 && isObj(v[keys[0]!]) ? LEDGER_VARIANTS[keys[0]!] : undefined;
  if (group !== 'scan') return undefined;
  // A tree event of events_by_id (or a file of them); the created_events of an ACS are no union.
  if ((v['event_type'] === 'created_event' || v['event_type'] === 'exercised_event') && (path.length === 0 || path[path.length - 2] === 'events_by_id')) return SCAN_TREE_EVENT;
  if (typeof v['update_id'] === 'string' && typeof v['migration_id'] === 'number' && ('events_by_id' in v || 'root_event_ids' in v)) return SCAN_ITEM;
  if (typeof v['migration_id'] === 'number' && typeof v['source_synchronizer'] === 'string' && ('created_event' in v || 'contract_id' in v)) return SCAN_REASSIGNMENT_EVENT;
  return undefined;
};

/** Every open-union variant of a value, by path, at most `perUnion` of each union (the first ones). */
const sitesOf = (group: FixturePayload['group'], root: Json, perUnion = 3): Array<{ path: Path; site: Site }> => {
  const out: Array<{ path: Path; site: Site }> = [];
  const count = new Map<string, number>();
  const walk = (v: Json, path: Path): void => {
    const site = siteOf(group, v, path);
    if (site !== undefined && (count.get(site.union) ?? 0) < perUnion) {
      count.set(site.union, (count.get(site.union) ?? 0) + 1);
      out.push({ path, site });
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(root, []);
  return out;
};

const at = (root: Json, path: Path): Json => path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k], root);

/** A copy of `root` with the value at `path` replaced; only the containers on the path are copied. */
const replaceAt = (root: Json, path: Path, value: Json): Json => {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy = (Array.isArray(root) ? root.slice() : { ...(root as Obj) }) as Record<string | number, Json>;
  copy[key!] = replaceAt(copy[key!], rest, value);
  return copy;
};

describe('every real fixture with one open-union variant renamed (issue 20)', () => {
  const payloads = fixturePayloads().filter((p) => p.valid);
  let replayed = 0;

  for (const p of payloads) {
    const sites = p.values.flatMap((v, i) => sitesOf(p.group, v).map((s) => ({ ...s, index: i })));
    if (sites.length === 0) continue;
    it(`${p.group}/${p.file}: ${sites.length} renamed variant(s) (${[...new Set(sites.map((s) => s.site.union))].join(', ')})`, () => {
      for (const { index, path, site } of sites) {
        const original = p.values[index];
        const { value: renamed, name } = site.rename(at(original, path) as Obj);
        const mutated = replaceAt(original, path, renamed);
        const where = `${p.file}[${index}] at ${path.join('.') || '(root)'}`;
        // The payload decodes, to itself: the renamed member is kept as it came, nothing else changes.
        const decoded = p.codec.decode(mutated);
        assert.ok(E.isRight(decoded), `${where}: ${E.isLeft(decoded) ? JSON.stringify(toIssues(decoded.left).slice(0, 3)) : ''}`);
        assert.equal(decoded.right, mutated, `${where}: the decoded value is the input itself`);
        // It is an unknown member of its union, with the new name and the raw JSON.
        if (site.codecs.length > 0) {
          const view = site.codecs.map((c) => unknownMemberOf(c, renamed)).find((x) => x !== undefined);
          assert.deepEqual(view, { kind: 'unknown', union: view?.union, name, raw: renamed }, where);
        }
        // Strict: the renamed member alone is refused, at its path.
        const strict = strictDecoding(() => p.codec.decode(mutated));
        assert.ok(E.isLeft(strict), `${where}: refused when strict`);
        const issues = toIssues(strict.left);
        const spot = path.join('.');
        const atSpot = (i: { path: string }) => spot === '' || i.path === spot || i.path.startsWith(`${spot}.`);
        assert.ok(issues.length > 0 && issues.every(atSpot), `${where}: ${JSON.stringify(issues)}`);
        assert.ok(name === '' || issues.some((i) => `${i.message ?? ''} ${i.actual}`.includes(name)), `${where}: names ${name}: ${JSON.stringify(issues)}`);
        assert.ok(E.isRight(strictDecoding(() => p.codec.decode(original))), `${where}: the recorded payload is known to the specs`);
        replayed++;
      }
    });
  }

  it('replayed a renamed variant of each open union the fixtures show', () => {
    const unions = new Set(payloads.flatMap((p) => p.values.flatMap((v) => sitesOf(p.group, v).map((s) => s.site.union))));
    assert.deepEqual([...unions].sort(), ['Event', 'JsContractEntry', 'TreeEvent', 'Update', 'UpdateHistoryItem(V2)'].sort());
    assert.ok(replayed > 30, `${replayed} renamed variants`);
  });
});
