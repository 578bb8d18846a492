import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';

type Query = Record<string, string | number | undefined>;

/**
 * A live call's answer for a page part: undefined while it loads; `failed` is 'refused' when the
 * server answered with a failure (no such room), 'network' for the error state's retry. The call
 * runs again when the path or query changes.
 */
export function useLiveCall<T>(path: string | null, query: Query = {}) {
  const api = useApi();
  const [data, setData] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState<'refused' | 'network' | false>(false);
  const [round, setRound] = useState(0);
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for the same call again
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setFailed(false);
    api
      .get<T>(path, { query: JSON.parse(queryKey) as Query, quiet: true })
      .then((answer) => current && setData(answer))
      .catch((error) => current && setFailed(error instanceof ApiFailure ? 'refused' : 'network'));
    return () => {
      current = false;
    };
  }, [api, path, queryKey, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, setData, failed, reload };
}
