import { useLocation } from 'react-router';
import { Card, DateTime, EmptyState, mutedClass, Pager, pageInQuery } from '../../components/ui';
import { pageParam } from '../../features/content/loaders.server';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/send';

const PAGE_SIZE = 20;

/** /userInfo/send: the gifts the user gave in live rooms, newest first, with totals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const sent = await context.services.gifts.sent(uid, pageParam(request), PAGE_SIZE, context.locale);
  return {
    title: pageTitle(context, userText(context, 'nav.send')),
    sent,
    resources: context.services.i18n.resources(context.locale, ['user', 'chat']),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserSend({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Sent {...loaderData} />
    </RouteTranslations>
  );
}

function Sent({ sent }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation(['user', 'chat']);
  const { search } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.send')} description={t('nav.sendHint')} />
      <Card className="flex flex-col gap-3">
        <p className="font-medium">{t('chat:sent.totals', sent.totals)}</p>
        {sent.list.length === 0 ? (
          <EmptyState title={t('chat:sent.empty')} />
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sent.list.map((row) => (
              <li key={row.id} className="flex flex-wrap items-baseline gap-x-3 py-2 text-sm">
                <span className="font-medium">
                  {row.giftName} ×{row.count}
                </span>
                <span>{t('chat:sent.to', { anchor: row.anchor })}</span>
                <span className="ml-auto">
                  {row.amount} {t(row.currency === 'coin' ? 'chat:gifts.coins' : 'chat:gifts.diamonds')}
                </span>
                <span className={mutedClass}>
                  <DateTime value={row.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={sent.pageIndex}
          pages={Math.max(1, Math.ceil(sent.total / sent.pageSize))}
          hrefOf={pageInQuery(search)}
        />
      </Card>
    </div>
  );
}
