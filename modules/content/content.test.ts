import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, comments, contentLikes, contentReports, users, videos } from '../../db/schema/index';
import { LOCALES } from '../../lib/locales';
import { uploadsDir } from '../../platform/uploads';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile, embeddedOnly } from '../../test/databases';
import { type JavaClient, javaClient } from '../../test/java';
import { COMMENTS_PER_MINUTE, readReportReason, reportReasonText } from './content.contract';
import { seedDemoContent } from './demo';
import { HALF_LIFE_HOURS, hotScore } from './hot';
import { sanitizeArticleHtml } from './html';

const HOUR = 3_600_000;
const LOL = 1;
const SOCCER = 202;

const hostileBody =
  '<p>Kick-off</p><script>window.hacked = 1</script><img src="/uploads/a.png" onerror="alert(1)">' +
  '<a href="javascript:alert(2)">click</a><a href="https://example.com/x" onclick="x()">ok</a>';

describe('article bodies are sanitised', () => {
  it('drops scripts, event handlers and javascript: links, and keeps the rest', () => {
    const clean = sanitizeArticleHtml(hostileBody);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|hacked/i);
    expect(clean).toContain('<p>Kick-off</p>');
    // Without the author's description the picture is decoration to a screen reader.
    expect(clean).toContain('<img src="/uploads/a.png" alt="" />');
    expect(sanitizeArticleHtml('<img src="/uploads/b.png" alt="The winning goal">')).toBe(
      '<img src="/uploads/b.png" alt="The winning goal" />',
    );
    expect(clean).toContain(
      '<a href="https://example.com/x" rel="nofollow ugc noopener noreferrer" target="_blank">ok</a>',
    );
  });
});

describe('the hot-list formula', () => {
  it('halves a score every half-life and weighs a like as five views', () => {
    expect(hotScore({ views: 100, likes: 0, ageHours: 0 }, 'daily')).toBe(100);
    expect(hotScore({ views: 100, likes: 0, ageHours: HALF_LIFE_HOURS.daily }, 'daily')).toBe(50);
    expect(hotScore({ views: 0, likes: 20, ageHours: 96 }, 'weekly')).toBe(25);
  });
});

describe('report reasons', () => {
  it('are sent as a code with optional details, and read back; plain words stay as they are', () => {
    expect(reportReasonText('spam', '  ')).toBe('spam');
    expect(reportReasonText('other', 'copied: from elsewhere')).toBe('other: copied: from elsewhere');
    expect(readReportReason('other: copied: from elsewhere')).toEqual({
      reason: 'other',
      details: 'copied: from elsewhere',
    });
    expect(readReportReason('abuse')).toEqual({ reason: 'abuse', details: '' });
    expect(readReportReason('Spam: buy now')).toEqual({ reason: null, details: 'Spam: buy now' });
  });
});

let app: FastifyInstance;
let java: JavaClient;
let serial = 0;

async function person(roles: string[] = ['user']) {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `reader${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  await app.services.database.db.update(users).set({ roles }).where(eq(users.uid, row.uid));
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, username: row.username, token };
}

const get = (url: string, token?: string) => java.call('GET', url, { token });
const post = (url: string, body: unknown, token?: string) => java.call('POST', url, { body, token });

const article = (over: Record<string, unknown> = {}) => ({
  gameId: LOL,
  title: 'Worlds quarter-finals are set',
  body: '<p>Eight teams remain.</p>',
  tags: ['LOL'],
  ...over,
});

describe.each(embeddedOnly)('news and video on $name', (target) => {
  let creator: Awaited<ReturnType<typeof person>>;
  let admin: Awaited<ReturnType<typeof person>>;
  let reader: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await buildTestApp({ database: await target.create() });
    java = javaClient(app);
    cleanUpAfterFile(() => app.close());
    creator = await person(['user', 'expert']);
    admin = await person(['user', 'admin']);
    reader = await person();
  });

  async function publishedArticle(over: Record<string, unknown> = {}) {
    const written = await post('/creator/article', article(over), creator.token);
    expect(written.status).toBe('success');
    await post('/admin/articles/review', { id: written.result.id, decision: 'publish' }, admin.token);
    return written.result as { id: number };
  }

  describe('writing and review', () => {
    it('lets creators write, keeps the article from the public until an administrator publishes it', async () => {
      const written = await post('/creator/article', article({ body: hostileBody }), creator.token);
      expect(written.result).toMatchObject({ status: 'review', author: { uid: creator.uid } });
      expect(written.result.body).not.toMatch(/script|onerror|javascript:/i);
      const { id } = written.result;

      expect((await get(`/lol/news${id}`)).httpStatus).toBe(404);
      expect((await get(`/lol/news${id}`, creator.token)).result.status).toBe('review');
      expect((await get('/admin/articles?status=review', admin.token)).result.list).toContainEqual(
        expect.objectContaining({ id }),
      );

      const rejected = await post('/admin/articles/review', { id, decision: 'reject' }, admin.token);
      expect(rejected).toMatchObject({ httpStatus: 400, errorCode: 1002 });
      await post('/admin/articles/review', { id, decision: 'reject', reason: 'Needs a source' }, admin.token);
      expect((await get(`/lol/news${id}`, creator.token)).result).toMatchObject({
        status: 'rejected',
        rejectReason: 'Needs a source',
      });

      await post('/admin/articles/review', { id, decision: 'publish' }, admin.token);
      const shown = await get(`/lol/news${id}`);
      expect(shown.result).toMatchObject({ status: 'published', views: 0 });
      expect(shown.result.body).toContain('<p>Kick-off</p>');
      expect((await get(`/lol/news${id}`)).result.views).toBe(1);
      expect((await get(`/soccer/news${id}`)).httpStatus).toBe(404);
      expect((await get(`/nogame/news${id}`)).httpStatus).toBe(404);
    });

    it('refuses readers, guests and bad input with clear errors', async () => {
      expect(await post('/creator/article', article(), reader.token)).toMatchObject({ errorCode: 1004 });
      expect(await post('/creator/article', article())).toMatchObject({ errorCode: 1003 });
      const bad = await post('/creator/article', article({ title: '', gameId: 999 }), creator.token);
      expect(bad).toMatchObject({ httpStatus: 400, errorCode: 1002 });
      expect(bad.result.issues).toContainEqual(expect.objectContaining({ field: 'title' }));
      const empty = await post('/creator/article', article({ body: '<script>x()</script>' }), creator.token);
      expect(empty.result.issues).toMatchObject([{ field: 'body', reason: 'required' }]);
      expect(
        await post('/admin/articles/review', { id: 1, decision: 'publish' }, creator.token),
      ).toMatchObject({
        errorCode: 1004,
      });
    });

    it('sends an edited article back to review, and only its author may edit it', async () => {
      const { id } = await publishedArticle();
      expect(await post(`/creator/article/${id}`, article(), admin.token)).toMatchObject({ httpStatus: 404 });
      const edited = await post(
        `/creator/article/${id}`,
        article({ title: 'Quarter-finals: the draw' }),
        creator.token,
      );
      expect(edited.result).toMatchObject({ status: 'review', publishedAt: null });
      expect((await get(`/lol/news${id}`)).httpStatus).toBe(404);
    });

    it("lists a user's publications: all of their own, only published ones for others", async () => {
      const author = await person(['user', 'expert']);
      const written = await post('/creator/article', article(), author.token);
      expect((await get(`/user/${author.uid}/1/1`, author.token)).result.total).toBe(1);
      expect((await get(`/user/${author.uid}/1/1`)).result.total).toBe(0);
      await post('/admin/articles/review', { id: written.result.id, decision: 'publish' }, admin.token);
      expect((await get(`/user/${author.uid}/1/1`)).result.list).toMatchObject([{ id: written.result.id }]);
      expect((await get(`/news/userHot/${author.uid}`)).result).toMatchObject([{ id: written.result.id }]);
      expect((await get(`/user/${author.uid}/7/1`)).httpStatus).toBe(400);
    });
  });

  describe('hot lists', () => {
    it('order a fixed set of views, likes and ages by the documented formula', async () => {
      const now = new Date('2026-06-01T12:00:00Z');
      // views, likes, age in hours
      const set: [number, number, number][] = [
        [1000, 0, 30], // daily 31.25, weekly 648.4
        [100, 20, 1], // daily 178.2, weekly 197.1
        [400, 10, 6], // daily 225, weekly 411.1
        [50, 0, 0], // daily 50, weekly 50
        [5000, 100, 72], // daily 0.34, weekly 1945.5
      ];
      const { db } = app.services.database;
      const ids: number[] = [];
      for (const [views, likes, age] of set) {
        const [row] = await db
          .insert(articles)
          .values({
            gameId: 205,
            authorId: creator.uid,
            title: `baseball ${views}`,
            body: '<p>x</p>',
            status: 'published',
            views,
            likes,
            publishedAt: new Date(now.getTime() - age * HOUR),
          })
          .returning({ id: articles.id });
        ids.push((row as { id: number }).id);
      }
      const { articles: list } = app.services.content;
      const daily = await list.hot({ gameId: 205, period: 'daily', limit: 10, now });
      const weekly = await list.hot({ gameId: 205, period: 'weekly', limit: 10, now });
      expect(daily.map((a) => a.id)).toEqual([ids[2], ids[1], ids[3], ids[0], ids[4]]);
      expect(weekly.map((a) => a.id)).toEqual([ids[4], ids[0], ids[2], ids[1], ids[3]]);
      // The database and the formula agree.
      const byFormula = (period: 'daily' | 'weekly') =>
        set
          .map(([views, likes, ageHours], i) => ({
            id: ids[i],
            score: hotScore({ views, likes, ageHours }, period),
          }))
          .sort((a, b) => b.score - a.score)
          .map((x) => x.id);
      expect(daily.map((a) => a.id)).toEqual(byFormula('daily'));
      expect(weekly.map((a) => a.id)).toEqual(byFormula('weekly'));

      const answer = await get('/news/getHotNewsByGame?gameId=205&period=weekly&size=2');
      expect(answer.result).toHaveLength(2);
      expect((await get('/news/getHotNewsByGame?period=monthly')).httpStatus).toBe(400);
    });
  });

  describe('comments and likes', () => {
    it('asks guests to log in, and shows a new comment first with its author', async () => {
      const { id } = await publishedArticle();
      const body = { targetType: 'article', targetId: id, body: 'What a series!' };
      expect(await post('/comment/add', body)).toMatchObject({ httpStatus: 401, errorCode: 1003 });
      await post('/comment/add', { ...body, body: 'First' }, reader.token);
      const added = await post('/comment/add', body, reader.token);
      expect(added.result).toMatchObject({
        body: 'What a series!',
        author: { uid: reader.uid },
        deletable: true,
      });
      const page = await get(`/lol/newsComment${id}/1`);
      expect(page.result.list.map((c: { body: string }) => c.body)).toEqual(['What a series!', 'First']);
      expect(page.result.list[0].deletable).toBe(false);
      expect((await get(`/lol/news${id}`)).result.comments).toBe(2);
    });

    it('threads replies one level deep and deletes a comment with its replies', async () => {
      const { id } = await publishedArticle();
      const top = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, body: 'Top' },
        reader.token,
      );
      const reply = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, parentId: top.result.id, body: 'Reply' },
        creator.token,
      );
      expect(reply.result.parentId).toBe(top.result.id);
      const deeper = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, parentId: reply.result.id, body: 'Deeper' },
        reader.token,
      );
      expect(deeper.httpStatus).toBe(404);
      const page = await get(`/comment/list?targetType=article&targetId=${id}`);
      expect(page.result.list).toMatchObject([{ body: 'Top', replies: 1, replyList: [{ body: 'Reply' }] }]);

      expect(await post('/comment/delete', { id: top.result.id }, creator.token)).toMatchObject({
        errorCode: 1004,
      });
      expect((await post('/comment/delete', { id: top.result.id }, reader.token)).status).toBe('success');
      expect((await get(`/comment/list?targetType=article&targetId=${id}`)).result).toMatchObject({
        list: [],
        total: 0,
      });
      expect((await get(`/lol/news${id}`)).result.comments).toBe(0);
    });

    it('lets administrators delete any comment', async () => {
      const { id } = await publishedArticle();
      const added = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, body: 'Hmm' },
        reader.token,
      );
      expect((await post('/comment/delete', { id: added.result.id }, admin.token)).status).toBe('success');
    });

    it('refuses sensitive words, over-long text, unpublished targets and floods', async () => {
      const { id } = await publishedArticle();
      const target = { targetType: 'article', targetId: id };
      const writer = await person();
      expect(await post('/comment/add', { ...target, body: '来赌 博网站玩' }, writer.token)).toMatchObject({
        errorCode: 4002,
      });
      const long = await post('/comment/add', { ...target, body: 'x'.repeat(501) }, writer.token);
      expect(long.result.issues).toContainEqual(
        expect.objectContaining({ field: 'body', reason: 'tooLong' }),
      );
      const draft = await post('/creator/article', article(), creator.token);
      expect(
        await post(
          '/comment/add',
          { targetType: 'article', targetId: draft.result.id, body: 'hi' },
          writer.token,
        ),
      ).toMatchObject({ httpStatus: 404 });
      const flooder = await person();
      for (let i = 0; i < COMMENTS_PER_MINUTE; i += 1)
        expect((await post('/comment/add', { ...target, body: `n${i}` }, flooder.token)).status).toBe(
          'success',
        );
      expect(await post('/comment/add', { ...target, body: 'again' }, flooder.token)).toMatchObject({
        httpStatus: 429,
      });
    });

    it('counts a like once per user and takes it back on the second press', async () => {
      const { id } = await publishedArticle();
      const like = () => post('/content/like', { targetType: 'article', targetId: id }, reader.token);
      expect((await like()).result).toEqual({ liked: true, likes: 1 });
      expect((await get(`/lol/news${id}`, reader.token)).result.liked).toBe(true);
      expect((await like()).result).toEqual({ liked: false, likes: 0 });
      const comment = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, body: 'Like me' },
        creator.token,
      );
      await post('/content/like', { targetType: 'comment', targetId: comment.result.id }, reader.token);
      const page = await get(`/lol/newsComment${id}/1?order=top`, reader.token);
      expect(page.result.list[0]).toMatchObject({ likes: 1, liked: true });
      expect(
        (await post('/content/like', { targetType: 'video', targetId: 999999 }, reader.token)).httpStatus,
      ).toBe(404);
    });

    it('takes reports from users', async () => {
      const { id } = await publishedArticle();
      const report = { targetType: 'article', targetId: id, reason: 'Spam' };
      expect((await post('/content/report', report, reader.token)).status).toBe('success');
      expect((await post('/content/report', report)).errorCode).toBe(1003);
    });
  });

  describe('videos', () => {
    it('shows a video with related ones of its game and counts views', async () => {
      const { db } = app.services.database;
      const rows = await db
        .insert(videos)
        .values([
          {
            gameId: SOCCER,
            title: 'Goal of the week',
            source: '/uploads/demo/clip.mp4',
            durationSeconds: 10,
          },
          { gameId: SOCCER, title: 'Saves', source: '/uploads/demo/hls/clip.m3u8', durationSeconds: 10 },
        ])
        .returning({ id: videos.id });
      const [first, second] = rows.map((r) => r.id);
      const shown = await get(`/soccer/video${first}`);
      expect(shown.result).toMatchObject({ title: 'Goal of the week', related: [{ id: second }] });
      expect((await get(`/soccer/video${first}`)).result.views).toBe(1);
      expect((await get(`/lol/video${first}`)).httpStatus).toBe(404);
      expect((await get('/hot/video/1?gameId=202')).result.map((v: { id: number }) => v.id)).toContain(first);
    });
  });

  describe('videos posted by administrators', () => {
    const posted = (over: Record<string, unknown> = {}) => ({
      gameId: SOCCER,
      title: 'Derby highlights',
      source: 'https://media.example.com/derby/index.m3u8',
      durationSeconds: 95,
      ...over,
    });

    it('publishes an uploaded MP4 or an HLS playlist at once; only administrators post', async () => {
      const hls = await post('/admin/videos', posted(), admin.token);
      expect(hls.result).toMatchObject({ game: 'soccer', durationSeconds: 95 });
      expect((await get(`/soccer/video${hls.result.id}`)).result.title).toBe('Derby highlights');
      const mp4 = await post(
        '/admin/videos',
        posted({ source: `/uploads/videos/${'a'.repeat(32)}.mp4` }),
        admin.token,
      );
      expect(mp4.status).toBe('success');

      expect(await post('/admin/videos', posted(), creator.token)).toMatchObject({ errorCode: 1004 });
      for (const source of [
        'javascript:alert(1)',
        'http://media.example.com/a.m3u8',
        '/uploads/avatars/x.mp4',
      ]) {
        const bad = await post('/admin/videos', posted({ source }), admin.token);
        expect(bad).toMatchObject({ httpStatus: 400, errorCode: 1002 });
        expect(bad.result.issues).toContainEqual(expect.objectContaining({ field: 'source' }));
      }
      const noGame = await post('/admin/videos', posted({ gameId: 999 }), admin.token);
      expect(noGame.result.issues).toMatchObject([{ field: 'gameId', reason: 'invalidValue' }]);
    });

    it("lists as type 2 of the user's publications, newest first, for anyone; other types are refused", async () => {
      const poster = await person(['user', 'admin']);
      const first = await post('/admin/videos', posted({ title: 'First clip' }), poster.token);
      const second = await post('/admin/videos', posted({ title: 'Second clip' }), poster.token);
      const listed = await get(`/user/${poster.uid}/2/1`);
      expect(listed.result).toMatchObject({ type: 2, total: 2, pageIndex: 1 });
      expect(listed.result.list.map((v: { id: number }) => v.id)).toEqual([
        second.result.id,
        first.result.id,
      ]);
      expect((await get(`/user/${reader.uid}/2/1`)).result).toMatchObject({ total: 0, list: [] });
      expect((await get(`/user/${poster.uid}/1/1`)).result).toMatchObject({ type: 1, total: 0 });
      expect((await get(`/user/${poster.uid}/3/1`)).httpStatus).toBe(400);
    });

    it('deletes a video with its comments, likes and uploaded file', async () => {
      const name = `${Date.now().toString(16).padStart(32, '0')}`;
      const file = path.join(uploadsDir(app.services.env), 'videos', `${name}.mp4`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'mp4');
      const video = await post(
        '/admin/videos',
        posted({ source: `/uploads/videos/${name}.mp4` }),
        admin.token,
      );
      const id = video.result.id;
      const viewer = await person();
      const said = await post(
        '/comment/add',
        { targetType: 'video', targetId: id, body: 'Great' },
        viewer.token,
      );
      await post('/content/like', { targetType: 'video', targetId: id }, viewer.token);
      await post('/content/like', { targetType: 'comment', targetId: said.result.id }, viewer.token);

      expect(await post('/admin/videos/delete', { id }, creator.token)).toMatchObject({ errorCode: 1004 });
      expect((await post('/admin/videos/delete', { id, reason: 'Wrong match' }, admin.token)).status).toBe(
        'success',
      );
      expect((await get(`/soccer/video${id}`)).httpStatus).toBe(404);
      expect(existsSync(file)).toBe(false);
      const { db } = app.services.database;
      const left = await db.select().from(contentLikes).where(eq(contentLikes.userId, viewer.uid));
      expect(left.filter((like) => like.targetId === id || like.targetId === said.result.id)).toEqual([]);
      expect(await db.select().from(comments).where(eq(comments.id, said.result.id))).toEqual([]);
      expect((await post('/admin/videos/delete', { id }, admin.token)).httpStatus).toBe(404);
    });
    it('keeps a file another video still shows, and never removes demo media', async () => {
      const name = `${Date.now().toString(16).padStart(31, '0')}1`;
      const file = path.join(uploadsDir(app.services.env), 'videos', `${name}.mp4`);
      const demo = path.join(uploadsDir(app.services.env), 'demo', `kept-${name}.webp`);
      mkdirSync(path.dirname(file), { recursive: true });
      mkdirSync(path.dirname(demo), { recursive: true });
      writeFileSync(file, 'mp4');
      writeFileSync(demo, 'webp');
      const shared = posted({
        source: `/uploads/videos/${name}.mp4`,
        cover: `/uploads/demo/kept-${name}.webp`,
      });
      const first = await post('/admin/videos', shared, admin.token);
      const second = await post('/admin/videos', shared, admin.token);

      await post('/admin/videos/delete', { id: first.result.id }, admin.token);
      expect(existsSync(file)).toBe(true);
      await post('/admin/videos/delete', { id: second.result.id }, admin.token);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(demo)).toBe(true);
    });
  });

  describe('reports', () => {
    const report = (targetType: string, targetId: number, reason: string, who = reader) =>
      post('/content/report', { targetType, targetId, reason }, who.token);
    const queued = async () =>
      (await get('/admin/reports', admin.token)).result.list as {
        targetType: string;
        targetId: number;
        reports: number;
        text: string | null;
        path: string | null;
        reasons: { reason: string }[];
      }[];

    it('queues each reported thing once, with its count, three latest reasons and the page showing it', async () => {
      const { id } = await publishedArticle();
      const said = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, body: 'Buy followers' },
        creator.token,
      );
      await report('comment', said.result.id, 'Off topic');
      await report('comment', said.result.id, 'Spam'); // the same reader again: a new reason, not a new report
      for (const reason of ['Link to a shop', 'Off topic', 'Advertising'])
        await report('comment', said.result.id, reason, await person());
      const item = (await queued()).find(
        (entry) => entry.targetType === 'comment' && entry.targetId === said.result.id,
      );
      expect(item).toMatchObject({
        reports: 4,
        text: 'Buy followers',
        path: `/news/lol/${id}`,
        reasons: [{ reason: 'Advertising' }, { reason: 'Off topic' }, { reason: 'Link to a shop' }],
      });
      const readers = await app.services.database.db
        .select({ reason: contentReports.reason })
        .from(contentReports)
        .where(and(eq(contentReports.targetId, said.result.id), eq(contentReports.userId, reader.uid)));
      expect(readers).toEqual([{ reason: 'Spam' }]);
      expect((await get('/admin/reports', creator.token)).errorCode).toBe(1004);
    });

    it('removes a reported comment and closes its reports; a second decision finds nothing', async () => {
      const { id } = await publishedArticle();
      const said = await post(
        '/comment/add',
        { targetType: 'article', targetId: id, body: 'Rude words' },
        creator.token,
      );
      await report('comment', said.result.id, 'Abuse');
      const decision = { targetType: 'comment', targetId: said.result.id, action: 'remove' };
      expect((await post('/admin/reports/resolve', decision, admin.token)).result).toEqual({ closed: 1 });
      expect((await get(`/lol/newsComment${id}/1`)).result.total).toBe(0);
      expect(
        (await queued()).some((entry) => entry.targetId === said.result.id && entry.targetType === 'comment'),
      ).toBe(false);
      expect((await post('/admin/reports/resolve', decision, admin.token)).httpStatus).toBe(404);
      const rows = await app.services.database.db
        .select()
        .from(contentReports)
        .where(and(eq(contentReports.targetType, 'comment'), eq(contentReports.targetId, said.result.id)));
      expect(rows).toMatchObject([{ resolution: 'removed', resolvedBy: admin.uid }]);
    });

    it('takes a reported article off the site, or dismisses the reports and keeps it', async () => {
      const kept = await publishedArticle();
      const taken = await publishedArticle();
      await report('article', kept.id, 'Fake news');
      await report('article', taken.id, 'Copied from another site');
      await post(
        '/admin/reports/resolve',
        { targetType: 'article', targetId: kept.id, action: 'dismiss' },
        admin.token,
      );
      await post(
        '/admin/reports/resolve',
        { targetType: 'article', targetId: taken.id, action: 'remove', reason: 'Copied' },
        admin.token,
      );
      expect((await get(`/lol/news${kept.id}`)).status).toBe('success');
      expect((await get(`/lol/news${taken.id}`)).httpStatus).toBe(404);
      expect((await get(`/lol/news${taken.id}`, creator.token)).result).toMatchObject({
        status: 'rejected',
        rejectReason: 'Copied',
      });
      const bad = await post(
        '/admin/reports/resolve',
        { targetType: 'page', targetId: 1, action: 'ban' },
        admin.token,
      );
      expect(bad.result.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
        'action',
        'targetType',
      ]);
    });
  });

  describe('the sitemap', () => {
    it('lists every published article in every locale, and not an unpublished one', async () => {
      const { id } = await publishedArticle();
      const draft = await post('/creator/article', article(), creator.token);
      const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      const files = [...index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/content-\d+\.xml)<\/loc>/g)];
      expect(files.length).toBeGreaterThan(0);
      let xml = '';
      for (const [, file] of files) xml += (await app.inject({ method: 'GET', url: file })).body;
      for (const locale of LOCALES) {
        const prefix = locale === 'zh_CN' ? '' : `/${locale}`;
        expect(xml).toContain(`${prefix}/news/lol/${id}</loc>`);
      }
      expect(xml).not.toContain(`/news/lol/${draft.result.id}</loc>`);
    });
  });
});

describe('demo content', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'content-demo-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is seeded once with real media files', async () => {
    const demo = await buildTestApp({ env: { DEMO_DATA: 'true', DATA_DIR: dataDir } });
    try {
      await seedDemoContent(demo.services);
      const { db } = demo.services.database;
      const all = await db.select().from(videos);
      expect((await db.select().from(articles)).length).toBeGreaterThan(5);
      expect(all.length).toBeGreaterThan(5);
      const mp4 = await demo.inject({ method: 'GET', url: '/uploads/demo/clip.mp4' });
      expect(mp4.statusCode).toBe(200);
      expect(mp4.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      const playlist = await demo.inject({ method: 'GET', url: '/uploads/demo/hls/clip.m3u8' });
      expect(playlist.body).toContain('#EXTM3U');
    } finally {
      await demo.close();
    }
  });
});
