import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorPage, PageTitle } from '../../components/error-page';
import { smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useSessionState } from '../../state/session-state';

/**
 * What the console shows instead of a page: the login prompt for a guest (401), the
 * no-permission or not-found page (403, 404), else a failure with a retry. Only the page's own
 * namespaces are used: a refused loader sent no admin texts.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 401)
      return <LoginPrompt message={typeof error.data === 'string' ? error.data : ''} />;
    if (error.status === 403 || error.status === 404) return <ErrorPage status={error.status} />;
  }
  return <LoadFailed />;
}

function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const [, update] = useSessionState();
  const text = message || t('messages:pleaseLogIn');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageTitle text={text} />
      <h1 className="text-xl font-semibold first-letter:uppercase">{text}</h1>
      <button
        type="button"
        onClick={() => update({ showModel: true, modelState: 1 })}
        className={smallButtonClass.primary}
      >
        {t('nav.login')}
      </button>
    </section>
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <PageTitle text={t('messages:systemError')} />
      <h1 className="text-lg font-semibold">{t('messages:systemError')}</h1>
      <button
        type="button"
        onClick={() => revalidator.revalidate()}
        disabled={revalidator.state === 'loading'}
        className={smallButtonClass.primary}
      >
        {t('errors.retry')}
      </button>
    </section>
  );
}
