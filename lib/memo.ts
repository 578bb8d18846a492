/** Remembers `make(key)` for each key: for values fixed for the life of the process. */
export function memoByKey<K, V>(make: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, make(key));
    return cache.get(key) as V;
  };
}
