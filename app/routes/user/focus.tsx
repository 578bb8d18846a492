import { Link } from 'react-router';
import { FANS, FOLLOW_PAGE_SIZE, FOLLOWS } from '../../../modules/users/users.contract';
import { Card } from '../../components/ui';
import { FollowList } from '../../features/users/follow-list';
import { userMeta } from '../../features/users/meta';
import { centreOf, ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/focus';

/** /userInfo/focus: the people the user follows, or with ?tab=fans their fans. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const type = new URL(request.url).searchParams.get('tab') === 'fans' ? FANS : FOLLOWS;
  const { follows } = centreOf(context);
  const [counts, first] = await Promise.all([
    follows.counts(uid),
    follows.page({ owner: uid, type, pageIndex: 1, pageSize: FOLLOW_PAGE_SIZE, viewer: uid }),
  ]);
  return { title: pageTitle(context, userText(context, 'nav.focus')), type, counts, first };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserFocus({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('user');
  const { type, counts, first } = loaderData;
  const tabs = [
    { type: FOLLOWS, to: '/userInfo/focus', label: t('focus.following', { count: counts.following }) },
    { type: FANS, to: '/userInfo/focus?tab=fans', label: t('focus.fans', { count: counts.followers }) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.focus')} />
      <Card>
        <nav aria-label={t('nav.focus')} className="-mt-1 mb-2 border-b border-zinc-200 dark:border-zinc-800">
          <ul className="flex">
            {tabs.map((tab) => (
              <li key={tab.type} className="flex-1 sm:flex-none">
                <Link
                  to={tab.to}
                  replace
                  aria-current={tab.type === type ? 'page' : undefined}
                  className="-mb-px block border-b-2 border-transparent px-4 py-2.5 text-center text-sm font-medium text-zinc-600 aria-[current=page]:border-brand aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:aria-[current=page]:text-white"
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <FollowList key={type} type={type} first={first} />
      </Card>
    </div>
  );
}
