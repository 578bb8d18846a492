// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../lib/locales';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { summaryOf } from '../../test-support/match-summary';
import { renderInPage } from '../../test-support/render-in-page';
import { MatchRow } from './match-row';

/** The row as a list shows it, in a language; times in UTC, clocks as of their last update. */
const renderRow = (match: MatchSummary, locale: Locale = 'en_US', changed = false) =>
  renderInPage(
    <ul>
      <MatchRow match={match} changed={changed} />
    </ul>,
    locale,
  );

const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ') ?? '';

describe('a match row', () => {
  it('shows a match to come by its kick-off time, without a score', () => {
    const row = renderRow(summaryOf({ startTime: Date.UTC(2026, 10, 22, 18, 45) }));
    expect(row.querySelector('time')?.textContent).toBe('18:45');
    expect(text(row)).toContain('Northbridge Rovers');
    expect(text(row)).not.toMatch(/\d+\s*-\s*\d+/);
    const link = row.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/soccer/1');
    expect(link?.textContent).toBe('Northbridge Rovers vs Harbour City');
  });

  it('shows a finished soccer match with its score, the word for full time and the half-time score', () => {
    const row = renderRow(
      summaryOf({
        status: 'finished',
        score: { home: 2, away: 1 },
        winner: 'home',
        periods: [
          { period: 'H1', home: 1, away: 0 },
          { period: 'H2', home: 1, away: 1 },
        ],
      }),
      'zh_CN',
    );
    expect(text(row)).toContain('完场');
    expect(text(row)).toContain('半场 1-0');
    const scores = [...row.querySelectorAll('.tabular-nums')].map((cell) => cell.textContent);
    expect(scores).toEqual(['2', '1']);
  });

  it('shows a live basketball quarter and its clock in the page language', () => {
    const live = summaryOf({
      game: 'basketball',
      gameId: 201,
      status: 'in_progress',
      score: { home: 71, away: 68 },
      period: 'Q3',
      clock: {
        seconds: 312,
        direction: 'down',
        running: true,
        rate: 1,
        asOf: Date.UTC(2026, 10, 22),
        periodEndsAt: null,
      },
      periods: [
        { period: 'Q1', home: 25, away: 22 },
        { period: 'Q2', home: 30, away: 28 },
        { period: 'Q3', home: 16, away: 18 },
      ],
    });
    expect(text(renderRow(live))).toContain('Q3 05:12');
    expect(text(renderRow(live))).toContain('25-22 30-28 16-18');
    expect(text(renderRow(live, 'zh_CN'))).toContain('第3节 05:12');
  });

  it('says when a match is postponed or cancelled, in words', () => {
    expect(text(renderRow(summaryOf({ status: 'postponed' })))).toContain('Postponed');
    expect(text(renderRow(summaryOf({ status: 'cancelled' }), 'de'))).toContain('Abgesagt');
  });

  it('shows the lobby leader of a battle royale instead of home and away', () => {
    const team = (id: number, name: string) => ({ id, name, shortName: name.slice(0, 3), logo: null });
    const row = renderRow(
      summaryOf({
        game: 'pubg',
        gameId: 5,
        status: 'in_progress',
        home: null,
        away: null,
        period: 'G3',
        lobby: [
          { team: team(1, 'Storm Wolves'), points: 48, rank: 1 },
          { team: team(2, 'Iron Ravens'), points: 41, rank: 2 },
        ],
      }),
    );
    expect(text(row)).toContain('Leader');
    expect(text(row)).toContain('Storm Wolves');
    expect(text(row)).toContain('48 pts');
    expect(text(row)).toContain('Game 3');
    expect(row.querySelector('a')?.textContent).toBe('Premier Division lobby');
  });

  it('marks a row whose score just changed, for its flash', () => {
    const row = renderRow(summaryOf({ status: 'in_progress', score: { home: 1, away: 0 } }), 'en_US', true);
    expect(row.querySelector('li')?.dataset.changed).toBe('true');
    expect(renderRow(summaryOf()).querySelector('li')?.dataset.changed).toBeUndefined();
  });
});
