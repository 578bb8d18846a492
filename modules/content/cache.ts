/**
 * Remembers `make(key)` for `ttlMs`: concurrent callers of a missing key share one computation,
 * and a failure is not remembered. For answers that may be a few seconds old (hot lists).
 */
export function cachedFor<V>(ttlMs: number, make: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = make(key);
    entries.set(key, { expires: now + ttlMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
