import { Card } from '../../components/ui';
import { PushAlertsControl } from '../../features/alerts/push-alerts';
import { FavouriteMatchList, FavouriteTargetList, SubTabs } from '../../features/matches/follow-lists';
import { followsPageBasics } from '../../features/matches/follows.server';
import { RegionNames } from '../../features/matches/match-lists';
import { PageTimeProvider } from '../../features/matches/time';
import { userMeta } from '../../features/users/meta';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/favourites';

const KINDS = ['match', 'team', 'league'] as const;
type Kind = (typeof KINDS)[number];

/** /userInfo/favourites: the user's favourite matches, or with ?tab=team / ?tab=league teams or leagues. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { uid, follows, first, page } = followsPageBasics(request, context, 'nav.favourites');
  const tab = new URL(request.url).searchParams.get('tab');
  if (tab === 'team')
    return { ...page, list: { kind: 'team' as const, first: await follows.favouriteTeams(uid, first) } };
  if (tab === 'league') {
    const { services, locale } = context;
    // Every region's name, for the leagues of the pages loaded later too.
    const regions = regionNames(
      await services.dataLibrary.regions(),
      locale,
      services.i18n.fixed(locale, 'leagues'),
    );
    return {
      ...page,
      list: {
        kind: 'league' as const,
        first: await follows.favouriteLeagues(uid, first),
        regionNames: regions,
      },
    };
  }
  return { ...page, list: { kind: 'match' as const, first: await follows.favouriteMatches(uid, first) } };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserFavourites({ loaderData }: Route.ComponentProps) {
  const { resources, zone, now, list } = loaderData;
  return (
    <RouteTranslations resources={resources}>
      <PageTimeProvider zone={zone} now={now}>
        <Favourites list={list} />
      </PageTimeProvider>
    </RouteTranslations>
  );
}

function Favourites({ list }: { list: Route.ComponentProps['loaderData']['list'] }) {
  const { t } = useTranslation(['matches', 'user']);
  const to = (kind: Kind) => (kind === 'match' ? '/userInfo/favourites' : `/userInfo/favourites?tab=${kind}`);
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('user:nav.favourites')} />
      <Card className="flex flex-col gap-4">
        <PushAlertsControl />
        <SubTabs
          label={t('user:nav.favourites')}
          tabs={KINDS.map((kind) => ({
            to: to(kind),
            label: t(`favourites.tabs.${kind}`),
            current: kind === list.kind,
          }))}
        />
        {list.kind === 'match' ? (
          <FavouriteMatchList key="match" first={list.first} />
        ) : list.kind === 'team' ? (
          <FavouriteTargetList key="team" kind="team" first={list.first} />
        ) : (
          <RegionNames value={list.regionNames}>
            <FavouriteTargetList key="league" kind="league" first={list.first} />
          </RegionNames>
        )}
      </Card>
    </div>
  );
}
