import { readFixture } from './fixtures';

type Json = Record<string, unknown>;

/**
 * A small Scan history made of real MainNet transactions, re-stamped across three migration ids
 * (record times overlap between migrations, as the spec warns they may), with reassignments
 * whose migration id sits inside `event`.
 */
export const scanHistory = (size: number): Json[] => {
  const page = readFixture('scan', 'v2-updates__JosefinHao-canton__1.json') as { transactions: Json[] };
  const items: Json[] = [];
  let migrationStart = 0;
  let current = 0;
  for (let i = 0; i < size; i++) {
    const migration = Math.floor((i * 3) / size);
    if (migration !== current) {
      current = migration;
      migrationStart = i;
    }
    // Each migration restarts its clock, so equal record times occur in different migrations.
    const micros = String(100000 + (i - migrationStart) * 7).padStart(6, '0');
    const record_time = `2025-12-10T16:23:25.${micros}Z`;
    if (i % 5 === 4) {
      items.push({
        update_id: `1220${String(i).padStart(64, 'a')}`,
        offset: '000000000000000001',
        record_time,
        event: {
          submitter: 'sv-1::1220aa',
          source_synchronizer: 'global-domain::1220bb',
          target_synchronizer: 'global-domain::1220bb',
          migration_id: migration,
          unassign_id: `unassign-${i}`,
          reassignment_counter: 1,
          contract_id: `00c${i}`,
        },
      });
    } else {
      const tx = page.transactions[i % page.transactions.length]!;
      items.push({ ...tx, update_id: `1220${String(i).padStart(64, '0')}`, migration_id: migration, record_time });
    }
  }
  return items;
};

const cursor = (item: Json): [number, string] => [
  'event' in item ? ((item.event as Json).migration_id as number) : (item.migration_id as number),
  item.record_time as string,
];

/** Answers a `/v2/updates` (or v1) body against a history: the items strictly after `after`. */
export const answerUpdates = (history: Json[], body: string, v1 = false): Json => {
  const req = JSON.parse(body) as { page_size: number; after?: { after_migration_id: number; after_record_time: string } };
  const start = req.after
    ? history.findIndex((item) => {
        const [m, t] = cursor(item);
        // Six-digit record times of equal length compare correctly as text.
        return m > req.after!.after_migration_id || (m === req.after!.after_migration_id && t > req.after!.after_record_time);
      })
    : 0;
  const from = start < 0 ? history.length : start;
  // v1 transactions carry a hex offset; v2 transactions have none (reassignments keep theirs).
  const items = history.slice(from, from + req.page_size).map((item) => ('event' in item ? item : v1 ? { ...item, offset: '000000000000000001' } : item));
  return { transactions: items };
};
