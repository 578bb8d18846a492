import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/translations';

/** Status -> the catalogue message a person sees. */
const MESSAGE_FOR_STATUS: Record<number, string> = {
  403: 'messages:noPermission',
  404: 'messages:pageNotFound',
};

/** A route error: its status (default 500) and message, with a way home. */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const { t } = useTranslation();
  const fallback = t('messages:errorPageFailed', {
    defaultValue: 'An error occurred while showing the error page',
  });
  return (
    <ErrorPageGuard fallback={fallback} home={t('errors.goHome', { defaultValue: 'Home' })}>
      <ErrorPageContent status={status} message={message} />
    </ErrorPageGuard>
  );
}

function ErrorPageContent({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const text = message || t(MESSAGE_FOR_STATUS[status] ?? 'messages:systemError');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      aria-labelledby="error-title"
    >
      <PageTitle text={text} />
      <p className="text-6xl font-bold text-brand-ink">{status}</p>
      <h1 id="error-title" className="text-xl font-semibold">
        {text}
      </h1>
      <Link to={'/'} className="rounded-full bg-brand px-5 py-2 font-medium text-white hover:opacity-90">
        {t('errors.goHome')}
      </Link>
    </section>
  );
}

/** The document's title, which React puts in the head: the page's message and the brand. */
export function PageTitle({ text }: { text: string }) {
  const { t } = useTranslation();
  return <title>{`${text} - ${t('common:brand')}`}</title>;
}

/** When the error page itself fails, a plain fallback that cannot fail again. */
class ErrorPageGuard extends Component<
  { children: ReactNode; fallback: string; home: string },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>{this.props.fallback}</title>
        <h1 className="text-xl font-semibold">{this.props.fallback}</h1>
        <a href="/" className="mt-4 inline-block underline">
          {this.props.home}
        </a>
      </section>
    );
  }
}

/** Shown when the site cannot be reached: an image and 'network problem' in the page language. */
export function NetworkProblem({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <PageTitle text={t('messages:networkProblem')} />
      <NetworkProblemImage />
      <h1 className="text-xl font-semibold">{t('messages:networkProblem')}</h1>
      <button
        type="button"
        onClick={onRetry ?? (() => window.location.reload())}
        className="rounded-full bg-brand px-5 py-2 font-medium text-white hover:opacity-90"
      >
        {t('errors.retry')}
      </button>
    </section>
  );
}

/** Drawn inline: when the network is down, an image file could not be fetched. */
function NetworkProblemImage() {
  return (
    <svg
      viewBox="0 0 240 180"
      width="240"
      height="180"
      aria-hidden="true"
      data-testid="network-problem-image"
    >
      <rect x="20" y="130" width="200" height="10" rx="5" className="fill-zinc-300 dark:fill-zinc-700" />
      <path
        d="M60 110a60 60 0 0 1 120 0"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        className="stroke-zinc-400"
      />
      <path
        d="M85 110a35 35 0 0 1 70 0"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        className="stroke-zinc-400"
      />
      <circle cx="120" cy="112" r="9" className="fill-zinc-400" />
      <path d="M70 40l100 90" strokeWidth="10" strokeLinecap="round" className="stroke-brand" />
    </svg>
  );
}
