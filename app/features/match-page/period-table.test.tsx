// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../lib/locales';
import { americanFootball } from '../../../modules/sports/american-football';
import { baseball } from '../../../modules/sports/baseball';
import { basketball } from '../../../modules/sports/basketball';
import { cricket } from '../../../modules/sports/cricket';
import type { SportRules } from '../../../modules/sports/engine';
import type {
  BattleRoyaleState,
  MatchState,
  MobaState,
  RallyState,
  ShooterState,
  TennisState,
} from '../../../modules/sports/model';
import { createRng } from '../../../modules/sports/rng';
import { rulesForGame } from '../../../modules/sports/rules-by-game';
import { snooker } from '../../../modules/sports/snooker';
import { soccer } from '../../../modules/sports/soccer';
import { gamePointLabels, tennis } from '../../../modules/sports/tennis';
import { playAll, playToEnd } from '../../../modules/sports/test-support';
import { summaryOf } from '../../test-support/match-summary';
import { renderInPage } from '../../test-support/render-in-page';
import { PeriodTable } from './period-table';

const summary = summaryOf({
  home: { id: 1, name: 'Northbridge Rovers', shortName: 'NBR', logo: null },
  away: { id: 2, name: 'Harbour City', shortName: 'HBC', logo: null },
});

function table(state: MatchState, locale: Locale = 'en_US') {
  return renderInPage(<PeriodTable state={state} summary={summary} />, locale);
}

/** The visible text of each row's cells (screen-reader-only words left out). */
function rows(container: HTMLElement, section = 'tbody'): string[][] {
  return [...container.querySelectorAll(`${section} tr`)].map((row) =>
    [...row.children].map((cell) => visibleText(cell)),
  );
}

function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return (copy.textContent ?? '').trim();
}

const headings = (container: HTMLElement) => rows(container, 'thead')[0] ?? [];

/** Plays a match from its start for `seconds` of play. */
function playFor<S extends MatchState>(rules: SportRules<S>, seconds: number, seed = 7): S {
  return rules.advance(rules.initial(), createRng(seed), seconds).state;
}

describe('the period table of each sport', () => {
  it('soccer: halves, extra time and the shoot-out with its kicks, then the total', () => {
    const shootout = playAll(soccer, { knockout: true }).find((state) => state.shootout !== null);
    if (!shootout?.shootout) throw new Error('no seed went to penalties');
    const view = table(shootout);
    expect(headings(view)).toEqual(['Team', '1st', '2nd', 'ET1', 'ET2', 'Pens', 'Total']);
    const [home, away] = rows(view);
    expect(home).toEqual([
      'NBR',
      ...shootout.periods.map((period) => String(period.home)),
      String(shootout.shootout.score.home),
      String(shootout.score.home),
    ]);
    expect(away?.at(-2)).toBe(String(shootout.shootout.score.away));
    expect(view.textContent).toContain('Penalty shoot-out');
    const scored = shootout.shootout.kicks.filter((kick) => kick.scored).length;
    expect(view.querySelectorAll('.bg-emerald-600')).toHaveLength(scored);
  });

  it('soccer in another language: the halves carry their names there', () => {
    const state = playToEnd(soccer, 3);
    expect(headings(table(state, 'zh_CN'))).toEqual(['球队', '上半场', '下半场', '总分']);
  });

  it('basketball: four quarters and any overtime, each with its points', () => {
    const overtime = playAll(basketball).find((state) => state.periods.length > 4);
    if (!overtime) throw new Error('no seed went to overtime');
    const view = table(overtime);
    expect(headings(view).slice(0, 6)).toEqual(['Team', '1', '2', '3', '4', 'OT1']);
    const [home] = rows(view);
    expect(home?.slice(1, -1)).toEqual(overtime.periods.map((period) => String(period.home)));
    expect(home?.at(-1)).toBe(String(overtime.score.home));
  });

  it('american football: the quarters show before they are played', () => {
    const live = playFor(americanFootball, 600);
    expect(live.status).toBe('in_progress');
    const view = table(live);
    expect(headings(view)).toEqual(['Team', '1', '2', '3', '4', 'Total']);
    expect(rows(view)[0]?.slice(2, 5)).toEqual(['–', '–', '–']);
  });

  it('tennis: games per set, the tie-break points of its loser, and the sets won', () => {
    const withTiebreak = playAll(tennis).find((state) => state.games.some((set) => set.tiebreak !== null));
    if (!withTiebreak) throw new Error('no seed played a tie-break');
    const view = table(withTiebreak);
    expect(headings(view)).toEqual(['Team', ...withTiebreak.games.map((_, i) => String(i + 1)), 'Sets']);
    const index = withTiebreak.games.findIndex((set) => set.tiebreak !== null);
    const set = withTiebreak.games[index] as TennisState['games'][number];
    const loser = set.winner === 'home' ? 'away' : 'home';
    const cell = rows(view)[loser === 'home' ? 0 : 1]?.[index + 1];
    expect(cell).toBe(`${set[loser]}${set.tiebreak?.[loser]}`);
    expect(rows(view).map((row) => row.at(-1))).toEqual([
      String(withTiebreak.score.home),
      String(withTiebreak.score.away),
    ]);
  });

  it('tennis in play: the points of the game in play as 0, 15, 30, 40 or AD, and who serves', () => {
    const live = playFor(tennis, 1500) as TennisState;
    expect(live.status).toBe('in_progress');
    const view = table(live);
    expect(headings(view).at(-2)).toBe('Pts');
    const calls = live.tiebreakFirstServer === null ? gamePointLabels(live.points) : null;
    const [home, away] = rows(view);
    if (calls) expect([home?.at(-2), away?.at(-2)]).toEqual([calls.home, calls.away]);
    expect(view.textContent).toContain('Serving');
  });

  it.each(['volleyball', 'badminton', 'tabletennis'])(
    '%s: the points of each set or game, then the series',
    (game) => {
      const rules = rulesForGame(game);
      if (!rules) throw new Error(game);
      const state = playToEnd(rules, 5) as RallyState;
      const [home, away] = rows(table(state));
      expect(home?.slice(1, -1)).toEqual(state.games.map((g) => String(g.home)));
      expect(away?.slice(1, -1)).toEqual(state.games.map((g) => String(g.away)));
      expect([home?.at(-1), away?.at(-1)]).toEqual([String(state.score.home), String(state.score.away)]);
    },
  );

  it('baseball: the line score with an X for a bottom half not needed, then R, H and E', () => {
    const state = playAll(baseball).find((s) => s.lineScore.home.includes(null));
    if (!state) throw new Error('no seed left the last bottom half unplayed');
    const view = table(state);
    expect(headings(view).slice(-3)).toEqual(['R', 'H', 'E']);
    const [away, home] = [rows(view)[1], rows(view)[0]];
    expect(home?.[state.lineScore.home.indexOf(null) + 1]).toBe('X');
    expect(home?.slice(-3)).toEqual([state.score.home, state.hits.home, state.errors.home].map(String));
    expect(away?.slice(-3)).toEqual([state.score.away, state.hits.away, state.errors.away].map(String));
  });

  it('cricket: each innings with runs for wickets and overs, and the result', () => {
    const state = playToEnd(cricket, 4);
    const view = table(state);
    const lines = rows(view);
    expect(lines).toHaveLength(state.innings.length);
    const first = state.innings[0];
    if (!first) throw new Error('no innings');
    expect(lines[0]?.slice(1, 4)).toEqual([
      first.batting === 'home' ? 'NBR' : 'HBC',
      `${first.runs}/${first.wickets}`,
      `${Math.floor(first.balls / 6)}.${first.balls % 6} (${first.maxOvers})`,
    ]);
    expect(view.textContent).toMatch(/won by \d+ (runs|wickets)|won the super over|Match tied/);
  });

  it('snooker: the points of each frame, the frames won and the highest breaks', () => {
    const state = playToEnd(snooker, 2);
    const view = table(state);
    expect(rows(view)[0]?.slice(1, -1)).toEqual(state.games.map((frame) => String(frame.home)));
    expect(view.textContent).toContain(`Highest break`);
    expect(view.textContent).toContain(`NBR ${state.highestBreak.home} · HBC ${state.highestBreak.away}`);
  });

  it('MOBA: a row per map with kills, towers, gold, objectives and its winner', () => {
    const rules = rulesForGame('lol');
    if (!rules) throw new Error('lol');
    const state = playToEnd(rules, 9, { bestOf: 3 }) as MobaState;
    const lines = rows(table(state));
    expect(lines).toHaveLength(state.games.length);
    const map = state.games[0] as MobaState['games'][number];
    expect(lines[0]).toEqual([
      'Map 1',
      `${map.home} – ${map.away}`,
      `${map.towers.home} – ${map.towers.away}`,
      `${(map.gold.home / 1000).toFixed(1)}k – ${(map.gold.away / 1000).toFixed(1)}k`,
      `${map.majorObjectives.home} – ${map.majorObjectives.away}`,
      map.winner === 'home' ? 'NBR' : 'HBC',
    ]);
  });

  it('tactical shooters: the rounds of each map, overtime marked, and the maps won', () => {
    const rules = rulesForGame('csgo');
    if (!rules) throw new Error('csgo');
    const states = playAll(rules, { bestOf: 3 }) as ShooterState[];
    const state = states.find((s) => s.games.some((map) => map.overtime)) ?? (states[0] as ShooterState);
    const [home, away] = rows(table(state));
    expect(away?.slice(1, -1)).toEqual(state.games.map((map) => String(map.away)));
    const overtime = state.games.findIndex((map) => map.overtime);
    if (overtime >= 0) expect(home?.[overtime + 1]).toBe(`${state.games[overtime]?.home}OT`);
    expect(home?.at(-1)).toBe(String(state.score.home));
  });

  it('battle royale: the lobby standings, best first, named where the row knows the team', () => {
    const rules = rulesForGame('pubg');
    if (!rules) throw new Error('pubg');
    const state = playToEnd(rules, 3) as BattleRoyaleState;
    const leader = { id: 9, name: 'Desert Foxes', shortName: 'DFX', logo: null };
    const view = renderInPage(
      <PeriodTable
        state={state}
        summary={{ ...summary, home: null, away: null, lobby: [{ team: leader, points: 1, rank: 1 }] }}
      />,
      'en_US',
    );
    const lines = rows(view);
    expect(lines).toHaveLength(state.teamCount);
    expect(lines[0]?.slice(0, 2)).toEqual(['1', 'Desert Foxes']);
    expect(lines.map((line) => Number(line.at(-1)))).toEqual(state.standings.map((s) => s.points));
    expect(lines[1]?.[1]).toBe(`Team ${(state.standings[1]?.team ?? 0) + 1}`);
    expect(view.textContent).toContain(`Games played: ${state.gameCount} of ${state.gameCount}`);
  });

  it('other esports: the points of each game and the games won', () => {
    const rules = rulesForGame('rocketleague');
    if (!rules) throw new Error('rocketleague');
    const state = playToEnd(rules, 4);
    if (state.family !== 'generic') throw new Error('not a generic series');
    const [home] = rows(table(state));
    expect(home?.slice(1, -1)).toEqual(state.games.map((g) => String(g.home)));
  });

  it('says the scores fill in once a match that has not started starts', () => {
    expect(table(soccer.initial()).textContent).toContain(
      'The scores by period fill in once the match starts.',
    );
  });
});
