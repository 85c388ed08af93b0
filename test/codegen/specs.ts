import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectRoot } from '../helpers/paths';

/**
 * The upstream spec folder the generator reads (`CANTON_RX_SPECS`, else ../shared/upstream-openapi
 * beside the repository), or undefined when this clone has none: the tests that compare with the
 * specs then skip, and the committed list (test/fixtures/operation-ids.json) stands in for them.
 */
export const specsDir = (): string | undefined => {
  const dir = resolve(projectRoot, process.env.CANTON_RX_SPECS ?? join('..', 'shared', 'upstream-openapi'));
  return existsSync(join(dir, 'canton', 'release-line-3.5', 'openapi.yaml')) ? dir : undefined;
};

/** Skips the test, saying why, when the specs are not there. */
export const requireSpecs = (ctx: Mocha.Context): string => {
  const dir = specsDir();
  if (dir === undefined) {
    console.log('      skipped: the upstream specs are not beside this clone (set CANTON_RX_SPECS)');
    ctx.skip();
  }
  return dir!;
};
