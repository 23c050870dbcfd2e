/**
 * What `work` gives if it settles within `ms`, else `otherwise`. The timer ends with the race; `work`
 * itself goes on (a request in flight, a storage write): whoever needs its outcome later keeps it.
 */
export function settledWithin<T, U>(work: Promise<T>, ms: number, otherwise: U): Promise<T | U> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<U>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
