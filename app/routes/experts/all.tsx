import { Form, useSearchParams } from 'react-router';
import { EXPERT_SORTS, expertLibraryQuery } from '../../../modules/experts/experts.contract';
import { Card, inputClass, LinkTabs, Pager, pageInQuery } from '../../components/ui';
import { ExpertRows } from '../../features/experts/lists';
import { expertsText, gameChoices, pageParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { ExpertsTabs } from '../../features/experts/section-nav';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/all';

/** /expert/allExperts: every approved expert, filtered by game, sorted by hit rate, streak or ROI. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = expertLibraryQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : expertLibraryQuery.parse({});
  const pageIndex = pageParam(request);
  const experts = await expertQueries(context).allExperts(query, pageIndex);
  return {
    title: pageTitle(context, expertsText(context, 'all.title')),
    games: gameChoices(context),
    query,
    experts,
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function AllExperts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { games, query, experts } = loaderData;
  const [params] = useSearchParams();
  const sortLink = (sort: string) => {
    const next = new URLSearchParams(params);
    next.set('sort', sort);
    next.delete('page');
    return `?${next}`;
  };
  return (
    <>
      <ExpertsTabs />
      <Card title={t('all.title')} id="all-experts">
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <Form method="get" className="flex items-end gap-2">
            <input type="hidden" name="sort" value={query.sort} />
            <label className="text-sm">
              <span className="mb-1 block font-medium">{t('all.game')}</span>
              <select
                name="gameId"
                defaultValue={query.gameId ?? ''}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
                className={`${inputClass} py-1.5`}
              >
                <option value="">{t('all.anyGame')}</option>
                {games.map((game) => (
                  <option key={game.gameId} value={game.gameId}>
                    {game.name}
                  </option>
                ))}
              </select>
            </label>
          </Form>
          <LinkTabs
            label={t('all.sort')}
            size="small"
            items={EXPERT_SORTS.map((sort) => ({
              key: sort,
              label: t(`all.sortBy.${sort}`),
              to: sortLink(sort),
              active: query.sort === sort,
            }))}
          />
        </div>
        <ExpertRows cards={experts.list} />
        <Pager
          page={experts.pageIndex}
          pages={Math.ceil(experts.total / experts.pageSize)}
          hrefOf={pageInQuery(params.toString())}
        />
      </Card>
    </>
  );
}
