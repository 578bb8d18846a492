import { useSearchParams } from 'react-router';
import { expertLibraryQuery } from '../../../modules/experts/experts.contract';
import { Card, LinkTabs } from '../../components/ui';
import { ExpertRows } from '../../features/experts/lists';
import { expertsText, gameChoices, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { ExpertsTabs } from '../../features/experts/section-nav';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/specialist';

/** /expert/specialist: the experts with the best record in one game. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = expertLibraryQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : expertLibraryQuery.parse({});
  return {
    title: pageTitle(context, expertsText(context, 'specialist.title')),
    description: expertsText(context, 'specialist.intro'),
    games: gameChoices(context),
    gameId: query.gameId ?? null,
    experts: await expertQueries(context).specialists(query),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function Specialists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { games, gameId, experts } = loaderData;
  const [params] = useSearchParams();
  const gameLink = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('gameId');
    else next.set('gameId', String(id));
    return `?${next}`;
  };
  return (
    <>
      <ExpertsTabs />
      <Card title={t('specialist.title')} id="specialists">
        <p className="-mt-2 mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t('specialist.intro')}</p>
        <div className="mb-2">
          <LinkTabs
            label={t('all.game')}
            size="small"
            items={[
              { key: 'any', label: t('all.anyGame'), to: gameLink(null), active: gameId === null },
              ...games.map((game) => ({
                key: String(game.gameId),
                label: game.name,
                to: gameLink(game.gameId),
                active: gameId === game.gameId,
              })),
            ]}
          />
        </div>
        <ExpertRows cards={experts} />
      </Card>
    </>
  );
}
