import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorPage, PageTitle } from '../../components/error-page';
import { buttonClass, cardClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useSessionState } from '../../state/session-state';

/**
 * What a creator centre view shows instead of itself: a guest is asked to log in, an account
 * without the expert role is told to apply first and led to the application.
 */
export function CreatorErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [, update] = useSessionState();
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403))
    return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
  const guest = error.status === 401;
  const message = t(guest ? 'messages:pleaseLogIn' : 'messages:applyCreatorFirst');
  return (
    <section className={`${cardClass} flex flex-col items-center gap-4 py-12 text-center`}>
      <PageTitle text={message} />
      <h1 className="text-lg font-semibold first-letter:uppercase">{message}</h1>
      {guest ? (
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => update({ showModel: true, modelState: 1 })}
        >
          {t('nav.login')}
        </button>
      ) : (
        <Link to="/creatorCenter/apply" className={buttonClass.primary}>
          {t('experts:creator.nav.apply', { defaultValue: t('nav.creatorCentre') })}
        </Link>
      )}
    </section>
  );
}
