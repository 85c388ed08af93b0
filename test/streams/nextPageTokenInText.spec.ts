import assert from 'node:assert/strict';
import { nextPageTokenInText } from '../../src/streams/nextPageTokenInText';
import { answerUpdatesPage, ledgerHistory } from '../helpers/ledgerPages';

describe('nextPageTokenInText', () => {
  it('finds the token of a page with updates from the raw text, whatever its place and escapes', () => {
    const history = ledgerHistory(12);
    const page = answerUpdatesPage(history, JSON.stringify({ maxPageSize: 5 })).body as { nextPageToken: string };
    assert.equal(nextPageTokenInText(JSON.stringify(page)), page.nextPageToken);
    assert.equal(nextPageTokenInText('{"nextPageToken" : "a\\"b=", "updates": [{"update":{}}]}'), 'a"b=');
  });

  it('nothing from an empty page (a tail must wait for its interval), a last page, or text that is not a token', () => {
    assert.equal(nextPageTokenInText('{"updates":[],"nextPageToken":"CAE="}'), undefined);
    assert.equal(nextPageTokenInText('{"updates": [ ], "nextPageToken":"CAE="}'), undefined);
    assert.equal(nextPageTokenInText('{"nextPageToken":"CAE="}'), undefined);
    assert.equal(nextPageTokenInText('{"updates":[{"update":{}}]}'), undefined);
    assert.equal(nextPageTokenInText('{"updates":[{"update":{}}],"nextPageToken":7}'), undefined);
    assert.equal(nextPageTokenInText('not json at all'), undefined);
  });
});
