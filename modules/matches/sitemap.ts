import type { SitemapEntry } from '../../platform/module';
import type { Matches } from './matches.service';

/** The match pages of the window the board holds: a week back to a week ahead. */
export async function matchesSitemap({ matches }: { matches: Matches }): Promise<SitemapEntry[]> {
  return [...matches.board.all()].map((match) => ({ path: `/${match.game}/${match.id}` }));
}
