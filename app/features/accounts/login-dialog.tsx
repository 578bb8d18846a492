import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import type { LoginResult } from '../../../modules/accounts/accounts.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { ApiFailure } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { saveUser } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';
import { BindEmailForm } from './bind-email-form';
import { Agreement } from './fields';
import { type Extra, type LoginFlow, LoginFlowContext, layoutOf, StatusProvider, useLoginFlow } from './flow';
import { NewLayout } from './new-layout';
import { BindPhoneForm, OldLayout } from './old-layout';
import { RegistrationForm } from './registration-form';
import { useThirdPartyCallback } from './use-third-party-callback';

const NOTICE_MS = 3000;
const NO_SIGN_IN = { providers: [], facebookAppId: null };

/**
 * The login dialog of spec points 2 and 4, over any page while the shared flag `showModel` is on.
 * Its content unmounts when it closes, which clears what was typed, the message and the countdown.
 */
export function LoginDialog() {
  const { t } = useTranslation('login');
  const [session, update] = useSessionState();
  const root = useRootData();
  const user = useUser();
  const [extra, setExtra] = useState<Extra | null>(null);
  const [notice, setNotice] = useState('');
  const signedIn = useRef(false);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  // Read when closing, which may come from a callback started on an earlier render.
  const currentLocation = useLocation();
  const location = useRef(currentLocation);
  location.current = currentLocation;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const flow = useMemo<LoginFlow>(() => {
    const close = async () => {
      update({ showModel: false, modelState: 1, modelTitle: '' });
      setExtra(null);
      const { pathname, search } = location.current;
      if (search) await navigate(pathname, { replace: true });
      if (signedIn.current) {
        signedIn.current = false;
        // The root loader reads the new session from the cookies.
        await revalidator.revalidate();
      }
    };
    const finish = () => {
      setNotice(t('messages:loginSuccessful'));
      void close();
    };
    return {
      ...layoutOf(root?.project.channel ?? '', root?.project.signIn ?? NO_SIGN_IN),
      extra,
      close: () => void close(),
      finish,
      loggedIn(result: LoginResult) {
        // The token arrived in its HttpOnly cookie; only the user is kept here.
        saveUser(result.user);
        signedIn.current = true;
        if (!result.newUser) return finish();
        setExtra({ kind: 'register', username: result.user.username });
        update({ showModel: true });
      },
      needsEmail(err) {
        if (!(err instanceof ApiFailure && err.errorCode === MESSAGES.bindEmailRequired.code)) return false;
        // The provider account waiting for an email; the server checks it is this browser's.
        const twitterId = Number((err.result as { thirdPartyId?: unknown } | null)?.thirdPartyId);
        setExtra({ kind: 'bindEmail', twitterId });
        update({ showModel: true });
        return true;
      },
    };
  }, [extra, root?.project.channel, root?.project.signIn, update, navigate, revalidator, t]);

  useThirdPartyCallback(flow, (bind) => {
    setExtra(bind);
    update({ showModel: true, modelState: 3 });
  });

  // A signed-in visitor has nothing to do here, unless finishing the registration that just happened.
  const open = session.showModel && (!user || extra !== null);
  return (
    <LoginFlowContext.Provider value={flow}>
      <Dialog.Root open={open} onOpenChange={(next) => next || flow.close()}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-sm -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 text-zinc-900 shadow-2xl sm:p-6 dark:bg-zinc-900 dark:text-zinc-100"
          >
            <StatusProvider>
              <Body />
              {extra?.kind !== 'register' && <Agreement />}
            </StatusProvider>
            <Dialog.Close className="absolute end-3 top-3 flex size-9 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
              <Icon>
                <path d="M6 6l12 12M18 6L6 18" />
              </Icon>
              <span className="sr-only">{t('close')}</span>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div role="status" className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-3">
        {notice && (
          <p className="rounded-xl bg-zinc-900/95 px-4 py-3 text-sm text-white shadow-lg">{notice}</p>
        )}
      </div>
    </LoginFlowContext.Provider>
  );
}

function Body() {
  const { extra, layout } = useLoginFlow();
  if (extra?.kind === 'register') return <RegistrationForm username={extra.username} />;
  if (extra?.kind === 'bindEmail') return <BindEmailForm twitterId={extra.twitterId} />;
  if (extra?.kind === 'bindPhone') return <BindPhoneForm account={extra} />;
  return layout === 'new' ? <NewLayout /> : <OldLayout />;
}
