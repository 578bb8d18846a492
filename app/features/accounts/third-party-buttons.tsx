import type { SignInProvider } from '../../../modules/accounts/accounts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { BrandMark } from './brand-marks';
import { useLoginFlow, useStatus } from './flow';
import { asLoginResult, isRedirectProvider, startApple, startFacebook, startRedirect } from './third-party';

/** The brand as the button names it; WeChat has a name of its own in Chinese. */
function useProviderName() {
  const { t } = useTranslation('login');
  const names: Record<SignInProvider, string> = {
    google: 'Google',
    apple: 'Apple',
    x: 'X',
    facebook: 'Facebook',
    line: 'LINE',
    qq: 'QQ',
    wechat: t('methods.wechat'),
  };
  return (provider: SignInProvider) => names[provider];
}

/**
 * Starts a provider's sign-in once the agreement is ticked. Redirects leave the page (the callback
 * finishes them on return); Apple's and Facebook's scripts answer here, with a login or 2010.
 */
function useStartSignIn() {
  const api = useApi();
  const { loggedIn, needsEmail, facebookAppId } = useLoginFlow();
  const { check, run } = useStatus();
  const inPage = async (signIn: () => Promise<Parameters<typeof asLoginResult>[0]>) => {
    try {
      const result = asLoginResult(await signIn());
      if (result) loggedIn(result);
    } catch (err) {
      if (!needsEmail(err)) throw err;
    }
  };
  return (provider: SignInProvider) =>
    check([], { agreement: true }) &&
    run(() => {
      if (isRedirectProvider(provider)) return startRedirect(api, provider);
      if (provider === 'apple') return inPage(() => startApple(api));
      return inPage(() => startFacebook(api, facebookAppId ?? ''));
    });
}

/** The new layout's third-party methods: one full-width button each, under the account method. */
export function ProviderButtons() {
  const { t } = useTranslation('login');
  const { providers } = useLoginFlow();
  const { busy } = useStatus();
  const start = useStartSignIn();
  const nameOf = useProviderName();
  return providers.map((provider) => (
    <button
      key={provider}
      type="button"
      onClick={() => start(provider)}
      disabled={busy}
      className="flex h-11 items-center justify-center gap-2 rounded-lg border border-zinc-300 font-semibold hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      <BrandMark provider={provider} />
      {t('methods.provider', { provider: nameOf(provider) })}
    </button>
  ));
}

/** The old layout's QQ and WeChat: a row of round marks under the forms. */
export function ProviderIcons() {
  const { t } = useTranslation('login');
  const { providers } = useLoginFlow();
  const { busy } = useStatus();
  const start = useStartSignIn();
  const nameOf = useProviderName();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="login-other-ways" className="mt-5">
      <h3
        id="login-other-ways"
        className="flex items-center gap-3 text-xs text-zinc-600 before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:text-zinc-400 dark:before:bg-zinc-800 dark:after:bg-zinc-800"
      >
        {t('methods.others')}
      </h3>
      <div className="mt-3 flex justify-center gap-6">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            onClick={() => start(provider)}
            disabled={busy}
            className="flex size-11 items-center justify-center rounded-full border border-zinc-300 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            <BrandMark provider={provider} size={24} />
            <span className="sr-only">{t('methods.provider', { provider: nameOf(provider) })}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
