import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { publicFieldsOf } from '../../../modules/users/users.contract';
import { buttonClass } from '../../components/ui';
import { userMeta } from '../../features/users/meta';
import { centreOf, orNotFound, ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { ProfileCard, Stat } from '../../features/users/profile-card';
import { UserSectionList } from '../../features/users/user-nav';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/home';

/** /userInfo: the personal page of the signed-in user. */
export async function loader({ context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const [me, counts] = await Promise.all([
    orNotFound(context.services.accounts.userInfo(uid)),
    centreOf(context).follows.counts(uid),
  ]);
  return {
    title: pageTitle(context, userText(context, 'nav.home')),
    me: { ...publicFieldsOf(me), coins: me.coins, diamonds: me.diamonds },
    counts,
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('user');
  const locale = useLocale();
  const { me, counts } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <ProfileCard
        user={me}
        actions={
          <>
            <Link to="/userInfo/info" className={buttonClass.secondary}>
              {t('profile.edit')}
            </Link>
            <Link to={`/userInfo/${me.uid}`} className={buttonClass.secondary}>
              {t('profile.viewPublic')}
            </Link>
          </>
        }
      >
        <div className="grid grid-cols-4 divide-x divide-zinc-100 border-t border-zinc-100 rtl:divide-x-reverse dark:divide-zinc-800 dark:border-zinc-800">
          <Link to="/userInfo/focus" className="hover:bg-zinc-50 dark:hover:bg-zinc-800">
            <Stat value={formatCount(counts.following, locale)} label={t('profile.following')} />
          </Link>
          <Link to="/userInfo/focus?tab=fans" className="hover:bg-zinc-50 dark:hover:bg-zinc-800">
            <Stat value={formatCount(counts.followers, locale)} label={t('profile.fans')} />
          </Link>
          <Stat value={formatCount(me.coins, locale)} label={t('profile.coins')} />
          <Stat value={formatCount(me.diamonds, locale)} label={t('profile.diamonds')} />
        </div>
      </ProfileCard>
      <UserSectionList />
    </div>
  );
}
