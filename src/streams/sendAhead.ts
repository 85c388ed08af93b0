import { defer, finalize, ReplaySubject, type Observable, type Subscription } from 'rxjs';
import type * as t from 'io-ts';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { send } from '../client/send.js';

/** Reads a guess at the next request's body from the raw text of an answer (or nothing). @internal */
export type GuessNext = (key: string) => (text: string) => object | undefined;

interface Held<A> {
  readonly key: string;
  readonly result: ReplaySubject<E.Either<CantonError, A>>;
  sub: Subscription | undefined;
  /** The request was handed over: a guess read from its text may be sent at once. */
  adopted: boolean;
  /** A guess read from its text before it was handed over, sent when it is. */
  guess: object | undefined;
}

/**
 * Requests sent ahead on a guess, for a paged reader whose next request depends on the page
 * before: when a page's raw text arrives, the next request is guessed from it and sent while the
 * page is parsed and decoded; the reader's next `take` gets that request only if it asks for
 * exactly the guessed body (compared as JSON), and otherwise the guess is cancelled and a fresh
 * request sent. At most one request is held ahead, and one more is never sent before the held one
 * is taken, so a reader is at most one page ahead of what it asked for. `cancel` aborts what is
 * held (on unsubscribe).
 *
 * @example
 * ```ts
 * const ahead = sendAhead(transport, '/v2/updates', UpdateHistoryResponseV2);
 * ahead.take(body, guessNext).subscribe(handle); // later takes may find their request on its way
 * ```
 * @internal
 */
export const sendAhead = <A>(transport: Transport, path: string, codec: t.Decoder<unknown, A>) => {
  let held: Held<A> | undefined;

  const release = (h: Held<A> | undefined) => h?.sub?.unsubscribe();

  const start = (body: object, guessNext: GuessNext): void => {
    const key = JSON.stringify(body);
    if (held?.key === key) return;
    release(held);
    const entry: Held<A> = { key, result: new ReplaySubject(1), sub: undefined, adopted: false, guess: undefined };
    held = entry;
    const readGuess = guessNext(key);
    entry.sub = send(transport, {
      method: 'POST',
      path,
      body,
      onOkText: (text) => {
        const guess = readGuess(text);
        if (guess === undefined) return;
        if (entry.adopted) start(guess, guessNext);
        else entry.guess = guess;
      },
    }, codec).subscribe(entry.result);
  };

  return {
    /** The answer to `body`: the request sent ahead for it, or a fresh one; either way its text guesses the next. */
    take(body: object, guessNext: GuessNext): Observable<E.Either<CantonError, A>> {
      const key = JSON.stringify(body);
      const readGuess = guessNext(key);
      // Cold: each subscription (a retry too) is a new request, whose text guesses the next.
      const fresh = () =>
        send(transport, {
          method: 'POST',
          path,
          body,
          onOkText: (text) => {
            const guess = readGuess(text);
            if (guess !== undefined) start(guess, guessNext);
          },
        }, codec);
      const h = held;
      held = undefined;
      if (h === undefined || h.key !== key) {
        release(h);
        return fresh();
      }
      h.adopted = true;
      if (h.guess !== undefined) start(h.guess, guessNext);
      // The request sent ahead answers the first subscription only; a retry asks again.
      let first = true;
      return defer(() => {
        if (!first) return fresh();
        first = false;
        return h.result.pipe(finalize(() => release(h)));
      });
    },
    cancel(): void {
      release(held);
      held = undefined;
    },
  };
};
