import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { PlanComposer } from '../../features/experts/composer';
import { expertsText, gameChoices, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/compose';

/** /creatorCenter/progComponent: a new plan, or with ?id= a revision of one of the expert's own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageRole(context, ...CREATOR_ROLES);
  const queries = expertQueries(context);
  const id = Number(new URL(request.url).searchParams.get('id'));
  const [options, editing] = await Promise.all([
    queries.planOptions(),
    Number.isSafeInteger(id) && id > 0 ? queries.plan(id).catch(() => null) : null,
  ]);
  const games = gameChoices(context);
  return {
    title: pageTitle(context, expertsText(context, editing ? 'compose.editTitle' : 'compose.title')),
    options,
    games,
    editing: editing?.expert.uid === user.uid ? editing : null,
    initialGameId: games[0]?.gameId ?? ('' as const),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function Compose({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { options, games, editing, initialGameId } = loaderData;
  return (
    <>
      <h1 className="text-xl font-bold sm:text-2xl">{t(editing ? 'compose.editTitle' : 'compose.title')}</h1>
      <PlanComposer
        key={editing?.id ?? 'new'}
        options={options}
        games={games}
        editing={editing}
        initialGameId={initialGameId}
      />
    </>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
