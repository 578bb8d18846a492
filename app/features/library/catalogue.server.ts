import { gameBySlug } from '../../../modules/catalog/catalog.contract';
import { LIBRARY_PAGE_SIZE } from '../../../modules/library/library.contract';
import type { AppLoadContext } from '../../load-context';
import { pageParam } from '../content/index.server';

/** What a catalogue page's address asks for: `?game=`, `?q=` and `?page=`. */
export function catalogueRequest(request: Request) {
  const params = new URL(request.url).searchParams;
  const game = gameBySlug(params.get('game') ?? '');
  const text = params.get('q')?.trim().slice(0, 60) || undefined;
  return {
    query: {
      gameIds: game ? [game.id] : [],
      text,
      pageIndex: pageParam(request),
      pageSize: LIBRARY_PAGE_SIZE,
    },
    filters: { game: game?.slug ?? null, text: text ?? '' },
  };
}

/** The games of the catalogue, named in the page language, for the game chips. */
export function catalogueGames({ services, locale }: AppLoadContext) {
  return services.catalog.list(locale).map(({ gameId, slug, name }) => ({ gameId, slug, name }));
}
