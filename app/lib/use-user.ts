import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../modules/accounts/accounts.contract';
import type { Role } from '../../platform/sessions';
import { useSessionState } from '../state/session-state';
import { useApi } from './api';
import { ApiFailure } from './api-client';
import { type SessionUserBasics, useRootData } from './root-data';
import { clearSession, readUserCookie, type SessionUser, subscribeToSavedUser } from './session';

/** The saved user's session as the server sees it: its roles, or null once it has ended. */
const SESSION_KEY = ['session'] as const;

/**
 * The signed-in user, or null for a guest. A page rendered for this visitor knows them from the
 * server. A page every visitor shares (app/lib/page-handle.ts) takes them from the `userInfo`
 * cookie as soon as it runs, and asks the server once for their roles, which also tells a session
 * that has ended (the cookie then goes).
 */
export function useUser(): SessionUserBasics | null {
  const known = useRootData()?.user;
  const saved = useSavedUser();
  const api = useApi();
  const { data: session } = useQuery({
    queryKey: [...SESSION_KEY, saved?.uid],
    queryFn: async () => {
      try {
        const info = await api.get<UserInfo>('/user/info', { quiet: true });
        return { roles: info.roles as Role[] };
      } catch (err) {
        // The server answered that the caller is no one ('please log in'); a network failure retries.
        if (!(err instanceof ApiFailure)) throw err;
        clearSession();
        return null;
      }
    },
    enabled: known === undefined && saved !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (known !== undefined) return known;
  if (!saved || session === null) return null;
  return { uid: saved.uid, username: saved.username, roles: session?.roles ?? [] };
}

/** The user saved in the cookie; none in the server's render and in the render that hydrates it. */
function useSavedUser(): SessionUser | null {
  return useSyncExternalStore(
    subscribeToSavedUser,
    () => readUserCookie() ?? null,
    () => null,
  );
}

/** Runs an action for a signed-in user; a guest gets the login dialog instead. */
export function useSignedInAction(): (action: () => void) => void {
  const signedIn = Boolean(useUser());
  const [, update] = useSessionState();
  return (action) => (signedIn ? action() : update({ showModel: true, modelState: 1 }));
}
