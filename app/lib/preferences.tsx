import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  readPreferences,
} from '../../modules/users/preferences.contract';
import { useApi } from './api';
import { useUser } from './use-user';

export const PREFERENCES_KEY = ['preferences'] as const;

const Context = createContext<Preferences>(DEFAULT_PREFERENCES);

/**
 * The signed-in user's preferences (favourite games, spoiler-free scores, goal sound), read once
 * on the client: the server renders the same page for everyone and the page follows them after.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const signedIn = Boolean(useUser());
  const { data } = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => api.get<Record<string, unknown>>('/user/getUserDataStatus', { quiet: true }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
  const value = useMemo(
    () => (signedIn && data ? readPreferences(data) : DEFAULT_PREFERENCES),
    [signedIn, data],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const usePreferences = (): Preferences => useContext(Context);
