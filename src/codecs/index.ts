/**
 * All codecs, grouped by API under their upstream schema names: `codecs.ledger.*`,
 * `codecs.validator.*` and `codecs.scan.*`. Each is a value (the io-ts codec) and a type of the
 * same name.
 *
 * @packageDocumentation
 */
import * as ledger from './ledger/index.js';
import * as scan from './scan/index.js';
import * as validator from './validator/index.js';

export { ledger, scan, validator };
