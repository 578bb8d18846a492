import { FOLLOWS_PAGE_SIZE } from '../../../modules/matches/follows.contract';
import { zoneFromCookie } from '../../lib/days';
import type { AppLoadContext } from '../../load-context';
import { ownerOf, pageTitle, userText } from '../users/index.server';

/**
 * What the user-centre pages of favourites and reservations start from: the owner (a guest gets
 * the login prompt), their follows, the visitor's zone and the translations of their namespaces (with the alerts').
 */
export function followsPageBasics(request: Request, context: AppLoadContext, titleKey: string) {
  const { services, locale } = context;
  return {
    uid: ownerOf(context),
    follows: services.matches.follows,
    first: { pageIndex: 1, pageSize: FOLLOWS_PAGE_SIZE, locale },
    page: {
      title: pageTitle(context, userText(context, titleKey)),
      resources: services.i18n.resources(locale, ['user', 'matches', 'alerts']),
      now: Date.now(),
      zone: zoneFromCookie(request.headers.get('cookie'), locale),
    },
  };
}
