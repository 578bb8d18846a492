import { useState } from 'react';
import { data, Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import type { PublicProfile } from '../../../modules/users/users.contract';
import { buttonClass } from '../../components/ui';
import { FollowButton } from '../../features/users/follow-button';
import { userMeta } from '../../features/users/meta';
import { centreOf, orNotFound, pageTitle } from '../../features/users/owner.server';
import { ProfileCard, Stat } from '../../features/users/profile-card';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/profile';

/** /userInfo/{id}: what anyone may see of a user. Never an address or a balance. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 });
  const viewer = context.user?.uid ?? null;
  const profile = await orNotFound(centreOf(context).profiles.publicProfile(Number(params.id), viewer));
  return { title: pageTitle(context, profile.username), profile, isMe: viewer === profile.uid };
}

export const meta: Route.MetaFunction = (args) => userMeta(args, true);

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile, isMe } = loaderData;
  // New data from the server (another user, a login) starts the follow state over.
  return (
    <ProfileView
      key={`${profile.uid}|${profile.followed}|${profile.followers}`}
      profile={profile}
      isMe={isMe}
    />
  );
}

function ProfileView({ profile, isMe }: { profile: PublicProfile; isMe: boolean }) {
  const { t } = useTranslation('user');
  const locale = useLocale();
  const [follow, setFollow] = useState({ followed: profile.followed, followers: profile.followers });
  return (
    <div className="flex flex-col gap-4">
      <ProfileCard
        user={profile}
        actions={
          isMe ? (
            <Link to="/userInfo/info" className={buttonClass.secondary}>
              {t('profile.edit')}
            </Link>
          ) : (
            <FollowButton userId={profile.uid} followed={follow.followed} onChange={setFollow} />
          )
        }
      >
        <div className="grid grid-cols-2 divide-x divide-zinc-100 border-t border-zinc-100 rtl:divide-x-reverse dark:divide-zinc-800 dark:border-zinc-800">
          <Stat value={formatCount(profile.following, locale)} label={t('profile.following')} />
          <Stat value={formatCount(follow.followers, locale)} label={t('profile.fans')} />
        </div>
      </ProfileCard>
      <Link
        to={`/userInfo/userNews?userId=${profile.uid}`}
        className={`${buttonClass.secondary} self-center`}
      >
        {t('news.title', { name: profile.username })}
      </Link>
      {isMe && <p className="text-center text-sm text-zinc-500 dark:text-zinc-400">{t('profile.isYou')}</p>}
    </div>
  );
}
