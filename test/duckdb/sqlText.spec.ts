import assert from 'node:assert/strict';
import { sqlText } from '../../src/duckdb/sqlText';

describe('sqlText', () => {
  it('quotes a string as a SQL literal, every quote inside doubled', () => {
    assert.equal(sqlText('/tmp/a.parquet'), "'/tmp/a.parquet'");
    assert.equal(sqlText("/tmp/o'neil/it''s"), "'/tmp/o''neil/it''''s'");
  });
});
