import { readPreferences } from '../../../modules/users/preferences.contract';
import { Card } from '../../components/ui';
import { userMeta } from '../../features/users/meta';
import { centreOf, ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { PreferencesForm } from '../../features/users/preferences-form';
import { UserPageHeader } from '../../features/users/sub-page';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/preferences';

/** /userInfo/preferences: favourite games and score display, stored in the data status. */
export async function loader({ context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const data = await centreOf(context).dataStatus.get(uid);
  return {
    title: pageTitle(context, userText(context, 'nav.preferences')),
    data,
    preferences: readPreferences(data),
    games: context.services.catalog.list(context.locale),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserPreferences({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.preferences')} description={t('preferences.intro')} />
      <Card title={t('preferences.games')} id="games-title">
        <PreferencesForm initial={loaderData.preferences} others={loaderData.data} games={loaderData.games} />
      </Card>
    </div>
  );
}
