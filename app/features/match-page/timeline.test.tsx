// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { IncidentView } from '../../../modules/matches/matches.contract';
import { soccer } from '../../../modules/sports/soccer';
import { playToEnd } from '../../../modules/sports/test-support';
import { summaryOf } from '../../test-support/match-summary';
import { renderInPage } from '../../test-support/render-in-page';
import { Timeline } from './timeline';

const summary = summaryOf({ status: 'in_progress' });

function incident(view: Partial<IncidentView> & Pick<IncidentView, 'seq' | 'type'>): IncidentView {
  return {
    period: 'H1',
    minute: null,
    addedMinute: null,
    side: null,
    player: null,
    secondPlayer: null,
    score: null,
    value: null,
    ...view,
  };
}

const FIRST_HALF: IncidentView[] = [
  incident({ seq: 1, type: 'match_started', minute: 1 }),
  incident({ seq: 2, type: 'period_started', minute: 1 }),
  incident({
    seq: 3,
    type: 'goal',
    minute: 23,
    side: 'home',
    player: { id: 7, name: 'Leo Marsh' },
    secondPlayer: { id: 8, name: 'Tom Reyes' },
    score: { home: 1, away: 0 },
  }),
  incident({ seq: 4, type: 'added_time', minute: 45, value: 3 }),
  incident({
    seq: 5,
    type: 'yellow_card',
    minute: 45,
    addedMinute: 2,
    side: 'away',
    player: { id: 21, name: 'Ivo Brandt' },
  }),
  incident({ seq: 6, type: 'period_ended', minute: 45, addedMinute: 3, score: { home: 1, away: 0 } }),
];

const items = (container: HTMLElement) => [...container.querySelectorAll('li')];

describe('the incidents timeline', () => {
  it('lists the newest first, with the minute, the player and what happened', () => {
    const view = renderInPage(<Timeline incidents={FIRST_HALF} summary={summary} />, 'en_US');
    const texts = items(view).map((item) => item.textContent);
    expect(texts).toEqual([
      'End of First half 1 – 0',
      "45+2'Ivo BrandtYellow card",
      'Added time: 3 min',
      "23'Leo Marsh(1 – 0)Goal · Assist: Tom Reyes",
      'Match started',
    ]);
  });

  it('puts the home side at the start and the away side at the end (mirrored by the page direction)', () => {
    const view = renderInPage(<Timeline incidents={FIRST_HALF} summary={summary} />, 'ar');
    const goal = items(view).find((item) => item.dataset.side === 'home');
    const card = items(view).find((item) => item.dataset.side === 'away');
    expect(goal?.className).not.toContain('flex-row-reverse');
    expect(card?.className).toContain('flex-row-reverse');
    expect(card?.className).toContain('text-end');
    expect(view.textContent).toContain('بطاقة صفراء');
  });

  it('shows every goal of a played match, with the score after it', () => {
    const state = playToEnd(soccer, 11);
    const goals = state.incidents.filter(
      (i) => i.type === 'goal' || i.type === 'own_goal' || i.type === 'penalty_goal',
    );
    const views = state.incidents.map((i) =>
      incident({
        seq: i.seq,
        type: i.type,
        period: i.period,
        minute: Math.floor(i.elapsedSeconds / 60) + 1,
        side: i.side ?? null,
        score: i.score ?? null,
        value: i.value ?? null,
      }),
    );
    const view = renderInPage(<Timeline incidents={views} summary={summary} />, 'en_US');
    const shown = items(view).filter((item) => /Goal|Own goal|Penalty goal/.test(item.textContent ?? ''));
    expect(shown).toHaveLength(goals.length);
    const last = goals.at(-1);
    if (last?.score) expect(shown[0]?.textContent).toContain(`(${last.score.home} – ${last.score.away})`);
    expect(items(view)[0]?.textContent).toContain('Full time');
  });

  it('says when nothing has happened yet', () => {
    const view = renderInPage(<Timeline incidents={[]} summary={summary} />, 'en_US');
    expect(view.textContent).toContain('No events yet');
  });
});
