import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectRoot } from './fixtures';

const upstream = resolve(projectRoot, '..', 'shared', 'upstream-openapi');
const read = (rel: string) => readFileSync(resolve(upstream, rel), 'utf8');

/** The path keys of the upstream OpenAPI documents of each group, as written there. */
export const upstreamPaths = {
  ledger: [read('canton/release-line-3.5/openapi.yaml'), read('canton/main/openapi.yaml')].join('\n'),
  scan: [read('splice/apps/scan/src/main/openapi/scan.yaml'), read('splice/apps/common/src/main/openapi/common-external.yaml'), read('splice/apps/common/src/main/openapi/common-internal.yaml')].join('\n'),
  validator: [read('splice/apps/validator/src/main/openapi/scan-proxy.yaml'), read('splice/apps/validator/src/main/openapi/ans-external.yaml')].join('\n'),
};

/** Whether a path template (`/v0/featured-apps/{provider_party_id}`) is a path key of the group's spec. */
export const inUpstreamSpec = (group: keyof typeof upstreamPaths, template: string): boolean =>
  new RegExp(`^\\s{2}${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\s*$`, 'm').test(upstreamPaths[group]);
