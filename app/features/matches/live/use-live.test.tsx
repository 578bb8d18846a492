// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MatchSummary } from '../../../../modules/matches/matches.contract';
import { testSummary } from '../../../../modules/matches/test-summaries';
import { createTranslator } from '../../../../platform/i18n';
import { pageTranslations, TranslationsProvider } from '../../../i18n/translations';
import type { MatchVersion } from './connection';
import { ConnectionState } from './connection-state';
import { useLiveMatch, useLiveMatches, useMatchHold } from './use-live';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The browser's WebSocket, replaced: the test plays the server. */
class TestWebSocket {
  static opened: TestWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    TestWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
}

const realWebSocket = globalThis.WebSocket;
beforeAll(() => {
  globalThis.WebSocket = TestWebSocket as unknown as typeof WebSocket;
});
afterAll(() => {
  globalThis.WebSocket = realWebSocket;
});

/** Version 5 of a match, so older and newer ones can be told apart. */
const summary = (id: number, patch: Partial<MatchSummary> = {}) => testSummary(id, { seq: 5, ...patch });

const translator = createTranslator();

const initial = [summary(1)];

function Scores() {
  const { matches, changed, status } = useLiveMatches(initial, ['live:202']);
  return (
    <div>
      <ConnectionState status={status} />
      {matches.map((match) => (
        <p key={match.id} data-changed={changed.has(match.id)}>
          {match.home?.name} {match.score.home}-{match.score.away} {match.away?.name}
        </p>
      ))}
    </div>
  );
}

/** A match that scored a second ago, as a live room's answer gives it. */
const heldVersions: MatchVersion[] = [
  { match: summary(3, { score: { home: 0, away: 0 } }), ageMs: 60_000 },
  { match: summary(3, { seq: 6, score: { home: 1, away: 0 } }), ageMs: 1000 },
];

function HeldStrip({ match }: { match: MatchSummary }) {
  const { match: shown } = useLiveMatch(match);
  return <p>{shown.score.home}</p>;
}

/** A room holding the match by a 4-second delay, its strip starting from the oldest version. */
function HeldRoom() {
  useMatchHold(3, () => 4000, heldVersions);
  return <HeldStrip match={heldVersions[0]?.match as MatchSummary} />;
}

describe('live matches on a page', () => {
  it('shows the page data, then pushed goals and new live matches, and the connection state', () => {
    const container = document.createElement('div');
    const translations = pageTranslations('en_US', translator.resources('en_US', ['common', 'matches']));
    act(() =>
      createRoot(container).render(
        <TranslationsProvider value={translations}>
          <Scores />
        </TranslationsProvider>,
      ),
    );
    expect(container.textContent).toContain('Connecting…');
    expect(container.textContent).toContain('Northbridge 0-0 Eastfield');

    const socket = TestWebSocket.opened[0];
    if (!socket) throw new Error('no socket was opened');
    // In the language of the page (at /, Chinese).
    expect(socket.url).toMatch(/^ws:\/\/.+\/ws\/scores\?lan=zh_CN$/);
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    expect(socket.sent).toEqual([{ op: 'sub', topics: ['live:202'], since: { 1: 5 } }]);
    expect(container.textContent).toContain('Live updates');

    const newcomer = summary(2, { home: { id: 12, name: 'Westvale', shortName: 'WES', logo: null } });
    act(() =>
      socket.onmessage?.({
        data: JSON.stringify([
          { op: 'diff', id: 1, from: 5, seq: 6, d: { score: { home: 1, away: 0 } } },
          { op: 'snap', m: newcomer },
        ]),
      }),
    );
    const rows = [...container.querySelectorAll('p')];
    expect(rows.map((row) => row.textContent)).toEqual([
      'Northbridge 1-0 Eastfield',
      'Westvale 0-0 Eastfield',
    ]);
    expect(rows[0]?.dataset.changed).toBe('true');

    act(() => socket.onclose?.());
    expect(container.textContent).toContain('Reconnecting…');
  });

  it('shows a held match at the version its delay has reached, though the page holds a newer one', () => {
    vi.useFakeTimers();
    const socket = TestWebSocket.opened[0];
    // The newest version came by the push before the room opened.
    act(() => socket?.onmessage?.({ data: JSON.stringify([{ op: 'snap', m: heldVersions[1]?.match }]) }));
    const container = document.createElement('div');
    act(() => createRoot(container).render(<HeldRoom />));
    expect(container.textContent).toBe('0');
    act(() => vi.advanceTimersByTime(3000));
    expect(container.textContent).toBe('1');
    vi.useRealTimers();
  });
});
