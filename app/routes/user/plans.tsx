import { Link, useSearchParams } from 'react-router';
import { buttonClass, Card, DateTime, EmptyState, mutedClass, Pager, pageInQuery } from '../../components/ui';
import { PlanMatchLine, PriceTag, SettlementTag } from '../../features/experts/lists';
import { expertsResources, expertsText, pageParam } from '../../features/experts/loaders.server';
import { expertQueries } from '../../features/experts/queries.server';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/plans';

/** /userInfo/plans: the plans the user bought, newest first, with where their coins stand. */
export async function loader({ request, context }: Route.LoaderArgs) {
  ownerOf(context);
  return {
    title: pageTitle(context, expertsText(context, 'mine.title')),
    resources: expertsResources(context),
    purchases: await expertQueries(context).purchased(pageParam(request)),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function MyPlans({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Purchases purchases={loaderData.purchases} />
    </RouteTranslations>
  );
}

function Purchases({ purchases }: { purchases: Route.ComponentProps['loaderData']['purchases'] }) {
  const { t } = useTranslation('experts');
  const [params] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('mine.title')} />
      <Card>
        {purchases.list.length === 0 ? (
          <EmptyState
            title={t('mine.empty')}
            action={
              <Link to="/expert" className={buttonClass.primary}>
                {t('mine.browse')}
              </Link>
            }
          />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="purchased-plans">
            {purchases.list.map(({ plan, price, purchasedAt }) => (
              <li key={plan.id} className="flex items-start gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <Link to={`/expert/plan/${plan.id}`} className="font-medium hover:text-brand-ink">
                    {plan.title}
                  </Link>
                  <PlanMatchLine plan={plan} />
                  <p className={mutedClass}>
                    {plan.expert.displayName} · <DateTime value={purchasedAt} />
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <PriceTag price={price} />
                  <SettlementTag settlement={plan.settlement} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={purchases.pageIndex}
          pages={Math.ceil(purchases.total / purchases.pageSize)}
          hrefOf={pageInQuery(params.toString())}
        />
      </Card>
    </div>
  );
}
