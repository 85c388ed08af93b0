import { lastValueFrom, toArray, type Observable } from 'rxjs';

/** Subscribes and gathers every value until completion. */
export const collect = <A>(source: Observable<A>): Promise<A[]> => lastValueFrom(source.pipe(toArray()));
