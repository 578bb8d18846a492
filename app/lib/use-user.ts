import { useSessionState } from '../state/session-state';
import { type RootData, useRootData } from './root-data';

/** The signed-in user, or null for a guest. */
export function useUser(): RootData['user'] {
  return useRootData()?.user ?? null;
}

/** Runs an action for a signed-in user; a guest gets the login dialog instead. */
export function useSignedInAction(): (action: () => void) => void {
  const signedIn = Boolean(useUser());
  const [, update] = useSessionState();
  return (action) => (signedIn ? action() : update({ showModel: true, modelState: 1 }));
}
