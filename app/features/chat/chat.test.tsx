// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ChatEvent, Sender, ShownEvent } from '../../../modules/chat/chat.contract';
import { renderInPage } from '../../test-support/render-in-page';
import { ChatLine } from './chat-line';
import { applyFrame, backoffMs, emptyView } from './chat-state';
import { Danmu } from './danmu';
import { announcesScore } from './live-room-chat';

const sender: Sender = { uid: 7, name: 'viewer', avatar: null, level: 3, badges: ['vip'] };
const msg = (seq: number, text = `message ${seq}`, by = sender): ShownEvent => ({
  kind: 'msg',
  roomId: 1,
  seq,
  at: '2026-01-01T00:00:00.000Z',
  sender: by,
  text,
});
const del = (seq: number, target: number): ChatEvent => ({ kind: 'del', roomId: 1, seq, at: '', target });

describe('the chat a client shows', () => {
  it('starts from the history, adds each event once and in order, and drops a deleted message', () => {
    let { view } = applyFrame(emptyView, [{ op: 'reset', roomId: 1, history: [msg(1), msg(2)] }]);
    const step = applyFrame(view, [
      { op: 'ev', e: msg(2) },
      { op: 'ev', e: msg(3) },
      { op: 'ev', e: del(4, 2) },
      { op: 'ev', e: msg(3) },
    ]);
    view = step.view;
    expect(view.events.map((e) => e.seq)).toEqual([1, 3]);
    expect(step.fresh.map((e) => e.seq)).toEqual([3]);
    expect(view.last).toBe(4);
  });

  it('notes events skipped while it was behind, and moves past them', () => {
    const { view } = applyFrame(emptyView, [
      { op: 'joined', roomId: 1, from: 0 },
      { op: 'skipped', to: 40 },
      { op: 'ev', e: msg(40) },
      { op: 'ev', e: msg(41) },
    ]);
    expect(view).toMatchObject({ skipped: true, last: 41 });
    expect(view.events.map((e) => e.seq)).toEqual([41]);
  });

  it("keeps each user's latest mute, shown as no line", () => {
    const mute = (seq: number, userId: number, mutedUntil: string | null): ChatEvent => ({
      kind: 'mute',
      roomId: 1,
      seq,
      at: '',
      userId,
      mutedUntil,
    });
    const { view } = applyFrame(emptyView, [
      { op: 'reset', roomId: 1, history: [msg(1)] },
      { op: 'ev', e: mute(2, 7, '2026-01-01T00:10:00.000Z') },
      { op: 'ev', e: mute(3, 8, 'permanent') },
      { op: 'ev', e: mute(4, 7, null) },
    ]);
    expect(view.mutes).toEqual({ 7: null, 8: 'permanent' });
    expect(view.events.map((e) => e.seq)).toEqual([1]);
  });

  it('waits longer before each reconnect attempt, up to 30 s', () => {
    const half = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, half))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

/** Hostile text: each would run script or load something if it reached the page as markup. */
const XSS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"></svg>',
  '<iframe src="javascript:window.__xss = 1"></iframe>',
  '"><a href="javascript:window.__xss = 1">click</a>',
  'javascript:window.__xss=1',
  '<style>@import "https://evil.example/x.css"</style>',
  '{{constructor.constructor("window.__xss = 1")()}}',
  '&lt;script&gt;window.__xss = 1&lt;/script&gt;',
];

describe('the spoiler hold of chat', () => {
  it('holds messages that may tell a score, in the languages of the site, and lets the rest through', () => {
    for (const text of [
      '2-1!',
      'now 3 : 2',
      'GOOOL',
      'Tor!',
      'гол',
      '进球了',
      'ゴール',
      '골!!',
      'هدف',
      'what a goal',
    ])
      expect(announcesScore(msg(1, text)), text).toBe(true);
    for (const text of ['hello', 'goalkeeper saves it', 'top 10 plays', 'torres', 'мы голодны'])
      expect(announcesScore(msg(1, text)), text).toBe(false);
  });
});

describe('hostile chat text and user names', () => {
  it.each(XSS)('render as text, executing nothing: %s', (payload) => {
    const hostile = { ...sender, name: payload };
    const gift: ShownEvent = {
      kind: 'gift',
      roomId: 1,
      seq: 9,
      at: '',
      sender: hostile,
      gift: {
        giftId: 1,
        name: payload,
        count: 1,
        combo: 2,
        animation: '/gifts/heart.svga',
        animationType: 'svga',
      },
    };
    const page = renderInPage(
      <>
        <ul>
          <ChatLine event={msg(1, payload, hostile)} />
          <ChatLine event={gift} />
        </ul>
        <Danmu events={[msg(2, payload, hostile), gift]} />
      </>,
      'en_US',
      ['common', 'messages', 'chat'],
    );
    expect(page.querySelectorAll('script, img, svg, iframe, style, object, embed')).toHaveLength(0);
    for (const element of page.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on')).toBe(false);
      expect(element.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
    expect(page.textContent).toContain(payload);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});

describe('a chat line', () => {
  const render = (event: ShownEvent, me?: number) =>
    renderInPage(
      <ul>
        <ChatLine event={event} me={me} emotes={new Map([['goal', '/uploads/emotes/1-goal.webp']])} />
      </ul>,
      'en_US',
      ['common', 'messages', 'chat'],
    );

  it("shows the room's emotes as their pictures, and a code the room has none for as text", () => {
    const line = render(msg(1, 'what a :goal: :offside: ok'));
    const pictures = [...line.querySelectorAll('img')];
    expect(pictures.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['/uploads/emotes/1-goal.webp', ':goal:'],
    ]);
    expect(line.textContent).toContain(':offside: ok');
  });

  it("flies the room's emotes across the player as their pictures too", () => {
    const page = renderInPage(
      <Danmu events={[msg(3, 'GOAL :goal:')]} emotes={new Map([['goal', '/uploads/emotes/1-goal.webp']])} />,
      'en_US',
      ['common', 'messages', 'chat'],
    );
    expect(page.querySelector('img')?.getAttribute('alt')).toBe(':goal:');
    expect(page.textContent).toBe('GOAL ');
  });

  it('shows what a reply answers, and stands out for the viewer it mentions, not for others', () => {
    const reply: ShownEvent = {
      kind: 'msg',
      roomId: 1,
      seq: 2,
      at: '',
      sender: { ...sender, uid: 8, name: 'friend' },
      text: '@viewer yes, the number 9',
      reply: { seq: 1, uid: 7, name: 'viewer', text: 'Who scores first?' },
      mentions: [7],
    };
    const mine = render(reply, 7);
    expect(mine.querySelector('li')?.hasAttribute('data-mentions-me')).toBe(true);
    expect(mine.textContent).toContain('In reply to');
    expect(mine.textContent).toContain('Who scores first?');
    expect(mine.textContent).toContain('Mentions you');
    const theirs = render(reply, 9);
    expect(theirs.querySelector('li')?.hasAttribute('data-mentions-me')).toBe(false);
    expect(theirs.textContent).not.toContain('Mentions you');
  });
});

describe('the emotes a client shows', () => {
  it('are the ones the room was last told of', () => {
    const emotes = (seq: number, codes: string[]): ChatEvent => ({
      kind: 'emotes',
      roomId: 1,
      seq,
      at: '',
      emotes: codes.map((code) => ({ code, url: `/uploads/emotes/${code}.webp` })),
    });
    let { view } = applyFrame(emptyView, [{ op: 'reset', roomId: 1, history: [msg(1)] }]);
    expect(view.emotes).toBeUndefined();
    ({ view } = applyFrame(view, [
      { op: 'ev', e: emotes(2, ['goal']) },
      { op: 'ev', e: emotes(3, ['goal', 'gg']) },
    ]));
    expect(view.emotes?.map((emote) => emote.code)).toEqual(['goal', 'gg']);
    expect(view.events.map((e) => e.seq)).toEqual([1]);
  });
});

describe('the moderators a client knows of', () => {
  it('are the seats the room was told of while the client was in it', () => {
    const seat = (seq: number, userId: number, moderator: boolean): ChatEvent => ({
      kind: 'moderator',
      roomId: 1,
      seq,
      at: '',
      userId,
      moderator,
    });
    const { view } = applyFrame(emptyView, [
      { op: 'ev', e: seat(1, 7, true) },
      { op: 'ev', e: seat(2, 8, true) },
      { op: 'ev', e: seat(3, 7, false) },
    ]);
    expect(view.moderators).toEqual({ 7: false, 8: true });
  });
});
