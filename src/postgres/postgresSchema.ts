/** The table names of a sink, quoted and qualified. @internal */
export interface Tables {
  readonly items: string;
  readonly checkpoints: string;
  readonly seqIndex: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,40}$/;

/** The tables for a prefix and a schema, or why they are refused. @internal */
export const tablesOf = (prefix: string, schema: string | undefined): Tables | string => {
  if (!IDENTIFIER.test(prefix)) return `tablePrefix ${JSON.stringify(prefix)} must match ${IDENTIFIER.source}`;
  if (schema !== undefined && !IDENTIFIER.test(schema)) return `schema ${JSON.stringify(schema)} must match ${IDENTIFIER.source}`;
  const q = (name: string) => (schema !== undefined ? `"${schema}"."${name}"` : `"${name}"`);
  return { items: q(`${prefix}items`), checkpoints: q(`${prefix}checkpoints`), seqIndex: `"${prefix}items_seq"` };
};

/**
 * lz4 compresses the items' JSONB about twice as fast as PostgreSQL's default pglz (PostgreSQL 14
 * and later, when built with it; PGlite is not): tried after the tables exist, its failure ignored.
 * @internal
 */
export const lz4Statement = (t: Tables): string => `ALTER TABLE ${t.items} ALTER COLUMN item SET COMPRESSION lz4`;

/** The statements that create the tables, one per query (PGlite's `query` runs one statement). @internal */
export const schemaStatements = (t: Tables): string[] => [
  `CREATE TABLE IF NOT EXISTS ${t.checkpoints} (
    stream text PRIMARY KEY,
    checkpoint jsonb NOT NULL,
    revision bigint NOT NULL,
    items bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS ${t.items} (
    stream text NOT NULL,
    seq bigint NOT NULL,
    identity text NOT NULL,
    update_id text NOT NULL,
    migration_id bigint,
    record_time timestamptz,
    "offset" text,
    kind text NOT NULL,
    item jsonb NOT NULL,
    PRIMARY KEY (stream, identity)
  )`,
  `CREATE INDEX IF NOT EXISTS ${t.seqIndex} ON ${t.items} (stream, seq)`,
];

/**
 * Takes and lets go of the session advisory lock that serialises `createSchema` calls for the same
 * tables (the key: a hash of the items table's qualified name), so that concurrent starts do not
 * collide in the catalogue. @internal
 */
export const schemaLockStatements = (t: Tables): [lock: string, unlock: string] => {
  const key = `hashtext(${quoteLiteral(`canton-rx schema ${t.items}`)})`;
  return [`SELECT pg_advisory_lock(${key})`, `SELECT pg_advisory_unlock(${key})`];
};

/** A SQL string literal (the names are plain identifiers already, checked by `tablesOf`). */
const quoteLiteral = (s: string): string => `'${s.replace(/'/g, "''")}'`;
