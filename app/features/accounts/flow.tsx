import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useHref } from 'react-router';
import type { z } from 'zod';
import type { LoginResult, SignInOptions, SignInProvider } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure, NetworkFailure } from '../../lib/api-client';
import { closeChannelTab, openChannelTabIfAsked, showChannelPage } from '../channels';
import { firstProblem } from './validation';

/** Channels with the new layout (spec point 2); all others get the old one. */
const NEW_LAYOUT_CHANNELS = new Set(['baxi', 'fifa48', 'ty121']);
/** Channels that offer no X or Apple sign-in. */
const WITHOUT_X_AND_APPLE = new Set(['fifa48']);
/** The old layout, for Chinese mobile numbers, offers QQ and WeChat; the new one the others. */
const OLD_LAYOUT_PROVIDERS: SignInProvider[] = ['qq', 'wechat'];

/**
 * The layout of a channel, and the third parties it offers among those configured, in the
 * configured order.
 */
export function layoutOf(channel: string, signIn: SignInOptions) {
  const layout = NEW_LAYOUT_CHANNELS.has(channel) ? ('new' as const) : ('old' as const);
  const providers = signIn.providers.filter((provider) =>
    layout === 'old'
      ? OLD_LAYOUT_PROVIDERS.includes(provider)
      : !OLD_LAYOUT_PROVIDERS.includes(provider) &&
        !(WITHOUT_X_AND_APPLE.has(channel) && (provider === 'x' || provider === 'apple')),
  );
  return { layout, providers, facebookAppId: signIn.facebookAppId };
}

/** A step that replaces the dialog's usual panels. */
export type Extra =
  /** A new account chooses its username and first password. */
  | { kind: 'register'; username: string }
  /** A third-party account without an email (errorCode 2010) binds one. */
  | { kind: 'bindEmail'; twitterId: number }
  /** A QQ or WeChat account binds a phone number (the old layout's state 3). */
  | { kind: 'bindPhone'; accountNumber: number; qqOrWechatName: string; headimgurl: string; type: 1 | 2 };

export interface LoginFlow extends ReturnType<typeof layoutOf> {
  extra: Extra | null;
  /** A login answer: keeps the session; a new account is asked for a username and password first. */
  loggedIn(result: LoginResult): void;
  /** A third-party failure: errorCode 2010 opens the bind-email form; true when it did. */
  needsEmail(err: unknown): boolean;
  /** The login is complete: say so, close, reload the user. */
  finish(): void;
  close(): void;
}

export const LoginFlowContext = createContext<LoginFlow | null>(null);

export function useLoginFlow(): LoginFlow {
  const flow = useContext(LoginFlowContext);
  if (!flow) throw new Error('useLoginFlow outside LoginDialog');
  return flow;
}

/** What one opening of the dialog shows: the red message, the agreement box, a call under way. */
interface Status {
  message: string;
  agreed: boolean;
  setAgreed(agreed: boolean): void;
  busy: boolean;
  /** Shows the first refusal of the checks (and of the agreement when asked); true when all pass. */
  check(checks: [z.ZodType, unknown][], options?: { agreement: boolean }): boolean;
  /** Runs a call, showing its failure in the message area; true when it succeeded. */
  run(task: () => Promise<unknown>): Promise<boolean>;
  clear(): void;
}

const StatusContext = createContext<Status | null>(null);

/** Lives inside the dialog's content, so closing the dialog forgets it all. */
export function StatusProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const status = useMemo<Status>(
    () => ({
      message,
      agreed,
      setAgreed,
      busy,
      check(checks, options) {
        const problem =
          firstProblem(checks) ?? (options?.agreement && !agreed ? 'agreementRequired' : undefined);
        setMessage(problem ? t(`messages:${problem}`) : '');
        return !problem;
      },
      async run(task) {
        setMessage('');
        setBusy(true);
        try {
          await task();
          return true;
        } catch (err) {
          if (err instanceof ApiFailure) setMessage(err.message);
          else if (err instanceof NetworkFailure) setMessage(t('messages:networkError'));
          else setMessage(t('messages:requestFailed'));
          return false;
        } finally {
          setBusy(false);
        }
      },
      clear: () => setMessage(''),
    }),
    [message, agreed, busy, t],
  );
  return <StatusContext.Provider value={status}>{children}</StatusContext.Provider>;
}

export function useStatus(): Status {
  const status = useContext(StatusContext);
  if (!status) throw new Error('useStatus outside StatusProvider');
  return status;
}

/** Posts a login call and hands its answer to the dialog; a failure shows in the message area. */
export function useLogIn() {
  const api = useApi();
  const { run } = useStatus();
  const { loggedIn } = useLoginFlow();
  const channelPage = useHref('/channel');
  return (path: string, body: object) => {
    const tab = openChannelTabIfAsked();
    return run(async () => {
      try {
        const result = await api.post<LoginResult>(path, body, { quiet: true });
        showChannelPage(tab, channelPage);
        loggedIn(result);
      } catch (err) {
        closeChannelTab(tab);
        throw err;
      }
    });
  };
}
