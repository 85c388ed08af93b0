import { PGlite } from '@electric-sql/pglite';

let template: Promise<File | Blob> | undefined;

/**
 * A new PGlite database, in memory or in a data folder. Initialising a PGlite cluster (its
 * initdb, in WebAssembly) takes seconds; the tests do it once per run and start every database
 * from a dump of that one, which takes a fraction of it.
 */
export const newPglite = async (dataDir?: string): Promise<PGlite> => {
  template ??= (async () => {
    const db = await PGlite.create();
    try {
      return await db.dumpDataDir('none');
    } finally {
      await db.close();
    }
  })();
  const loadDataDir = await template;
  return dataDir === undefined ? PGlite.create({ loadDataDir }) : PGlite.create(dataDir, { loadDataDir });
};
