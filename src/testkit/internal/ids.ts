import { createHash } from 'node:crypto';

/** Hex SHA-256 of the parts joined with `|`: the source of every id of the simulated network. */
export const sha256Hex = (...parts: ReadonlyArray<string | number>): string =>
  createHash('sha256').update(parts.join('|')).digest('hex');

/** An update id in the form of real ones: `1220` (multihash SHA-256 prefix) and 64 hex digits. */
export const updateIdFor = (seed: string, index: number): string => `1220${sha256Hex(seed, 'update', index)}`;

/** A contract id in the form of real ones: `00`, 64 hex digits, `ca111220`, 64 hex digits. */
export const contractIdFor = (seed: string, n: number): string =>
  `00${sha256Hex(seed, 'cid', n)}ca111220${sha256Hex(seed, 'cid-suffix', n)}`;

/** A party id `<hint>::1220<fingerprint>`. */
export const partyIdFor = (seed: string, hint: string): string => `${hint}::1220${sha256Hex(seed, 'party', hint)}`;

/** A package id (independent of the seed, like real package ids). */
export const packageIdFor = (packageName: string): string => sha256Hex('package', packageName);

/** A deterministic base64 blob standing in for a `created_event_blob`. */
export const blobFor = (seed: string, contractId: string): string =>
  Buffer.concat([
    Buffer.from('0a03322e31', 'hex'),
    createHash('sha256').update(`${seed}|blob|${contractId}`).digest(),
    createHash('sha256').update(`${seed}|blob2|${contractId}`).digest(),
    Buffer.from(contractId.slice(0, 64), 'hex'),
  ]).toString('base64');
