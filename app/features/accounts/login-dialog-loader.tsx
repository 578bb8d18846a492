import { lazy, Suspense, useEffect, useState } from 'react';
import { useUser } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';
import { recogniseCallback } from './callback';

const Dialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));

/**
 * The login dialog, whose code (forms, rules, dialog parts) loads the first time it is needed: when
 * a guest opens it, or on a sign-in provider's return. Once loaded it stays, so the message after
 * a login still shows.
 */
export function LoginDialog() {
  const [{ showModel }] = useSessionState();
  const signedIn = Boolean(useUser());
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (recogniseCallback(new URLSearchParams(window.location.search))) setNeeded(true);
  }, []);
  if (showModel && !signedIn && !needed) setNeeded(true);
  return needed ? (
    <Suspense>
      <Dialog />
    </Suspense>
  ) : null;
}
