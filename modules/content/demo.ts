import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { articles, users, videos } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import { UPLOADS_PREFIX } from '../../platform/file-storage';
import { uploadsDir } from '../../platform/uploads';
import { gameBySlug } from '../catalog/catalog.contract';
import type { Settings } from '../system';

const SEEDED = 'demo_content_seeded';
const DEMO_EDITOR = 'PandaNews';
const HOUR = 3_600_000;

/** Demo stories per game: a headline, a one-line summary and two paragraphs. */
const STORIES: Record<string, { title: string; summary: string; paragraphs: [string, string] }[]> = {
  soccer: [
    {
      title: '补时绝杀！主队 2-1 逆转同城对手，重返积分榜前四',
      summary: '第 93 分钟的头球改写了比赛，主帅赛后称赞球队“从未放弃”。',
      paragraphs: [
        '上半场客队凭借一次快速反击率先破门，主队控球率虽占优却迟迟无法打开局面。',
        '下半场换人后边路冲击明显加强，先是点球扳平，补时阶段中卫前插头球完成逆转。',
      ],
    },
    {
      title: '转会窗口观察：五位可能在冬窗变动的中场球员',
      summary: '合同年、出场时间与球队战术调整，谁最有可能在一月离队？',
      paragraphs: [
        '冬窗向来以短期补强为主，但今年多家豪门在中场位置都存在明显的轮换缺口。',
        '我们结合出场数据与合同状况，整理出五位最受关注的名字及其可能去向。',
      ],
    },
  ],
  basketball: [
    {
      title: '三双之夜！后卫砍下 32 分 12 篮板 11 助攻带队终结连败',
      summary: '末节 14-2 的攻势锁定胜局，球队终于走出四连败的阴影。',
      paragraphs: [
        '比赛前三节双方交替领先，主队的外线命中率一度跌至三成以下。',
        '关键时刻后卫连续突破分球，替补射手两记三分彻底拉开比分。',
      ],
    },
    {
      title: '季中锦标赛前瞻：小组出线形势一览',
      summary: '净胜分可能决定最后一个外卡名额的归属。',
      paragraphs: [
        '东西部各小组的争夺进入最后一轮，多支球队仍握有出线主动权。',
        '我们梳理了每个小组的出线条件和关键对决。',
      ],
    },
  ],
  lol: [
    {
      title: '全球总决赛八强出炉：赛区对决再度上演',
      summary: '瑞士轮最后一日两场决胜局打满五十分钟，八强席位全部产生。',
      paragraphs: [
        '本届瑞士轮的竞争异常激烈，多支种子队在最后一轮才确定晋级。',
        '八强抽签将于明日进行，赛区内战与跨赛区强强对话都有可能出现。',
      ],
    },
    {
      title: '版本解读：新补丁后打野英雄强度排行',
      summary: '野区经验调整让前期入侵型打野重新回到舞台中央。',
      paragraphs: [
        '新版本削弱了部分刷野英雄的清野速度，节奏型打野的出场率明显上升。',
        '职业赛场上，三款英雄已连续在多场比赛中被优先选择。',
      ],
    },
  ],
  dota2: [
    {
      title: '国际邀请赛预选赛：黑马战队 3-2 击败老牌劲旅',
      summary: '决胜局五十八分钟的鏖战，一波高地团战决定了胜负。',
      paragraphs: [
        '这支组建不到一年的队伍在预选赛中一路过关斩将。',
        '决胜局他们顶住了对手的三次高地进攻，最终完成翻盘。',
      ],
    },
  ],
  csgo: [
    {
      title: 'Major 淘汰赛：加时赛 19-17，狙击手关键残局封神',
      summary: '一打三的残局处理成为本届赛事至今最精彩的瞬间。',
      paragraphs: [
        '双方在 Inferno 上打满常规时间，进入加时后比分依旧胶着。',
        '第 36 回合的一打三残局，让整座场馆沸腾。',
      ],
    },
  ],
  valorant: [
    {
      title: '冠军巡回赛：亚洲战队首夺国际赛冠军',
      summary: '决赛 3-1 击败欧洲劲旅，创造赛区历史。',
      paragraphs: [
        '整个赛事中他们仅丢掉两张地图，战术执行力令人印象深刻。',
        '决赛最后一张地图，决斗者位置的选手拿下全场最高评分。',
      ],
    },
  ],
};

const VIDEO_TITLES: Record<string, string[]> = {
  soccer: ['本周五佳进球：远射、倒钩与任意球', '补时绝杀全过程回顾'],
  basketball: ['三双之夜全场集锦', '本周十佳球：隔扣与压哨'],
  lol: ['八强赛精彩团战合集', '打野视角：一级入侵教学'],
  dota2: ['决胜局高地团战完整回放'],
  csgo: ['一打三残局慢镜头解析'],
  valorant: ['冠军赛点回合全视角'],
};

const COLORS: Record<string, string> = {
  soccer: '#2e7d32',
  basketball: '#e65100',
  lol: '#1565c0',
  dota2: '#b71c1c',
  csgo: '#f9a825',
  valorant: '#ad1457',
};

/**
 * Makes the demo media in the uploads folder: a 10-second test-pattern MP4 and the same clip as
 * an HLS playlist. Answers their URLs, or null when ffmpeg is not installed.
 */
export function makeDemoMedia(dir: string): { mp4: string; hls: string } | null {
  const mp4 = path.join(dir, 'clip.mp4');
  const playlist = path.join(dir, 'hls', 'clip.m3u8');
  const urls = { mp4: `${UPLOADS_PREFIX}demo/clip.mp4`, hls: `${UPLOADS_PREFIX}demo/hls/clip.m3u8` };
  if (existsSync(mp4) && existsSync(playlist)) return urls;
  mkdirSync(path.join(dir, 'hls'), { recursive: true });
  const run = (args: string[]) => spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const encoded = run([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', mp4],
  ]);
  if (encoded.error || encoded.status !== 0) {
    rmSync(mp4, { force: true });
    return null;
  }
  const segmented = run([
    ...['-i', mp4, '-c', 'copy', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', path.join(dir, 'hls', 'clip%02d.ts'), playlist],
  ]);
  return segmented.status === 0 ? urls : null;
}

/** A cover in the game's colour with a label, as WebP. */
async function makeCover(dir: string, name: string, color: string, label: string): Promise<string> {
  const file = path.join(dir, `${name}.webp`);
  if (!existsSync(file)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#18181b"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/><circle cx="520" cy="80" r="140" fill="#fff" opacity="0.08"/>
<text x="40" y="300" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${label}</text></svg>`;
    await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file);
  }
  return `${UPLOADS_PREFIX}demo/${name}.webp`;
}

/**
 * Demo articles and videos for every game that has stories, so an empty installation shows a
 * living site. Runs once per database (a setting records it); with DEMO_DATA, or by default on
 * the embedded database outside tests.
 */
export async function seedDemoContent(services: {
  env: Env;
  log: Logger;
  database: Database;
  settings: Settings;
}) {
  const { env, log, settings } = services;
  const wanted = env.DEMO_DATA ?? (env.NODE_ENV !== 'test' && !env.DATABASE_URL);
  if (!wanted || (await settings.get(SEEDED))) return;
  const { db } = services.database;
  const dir = path.join(uploadsDir(env), 'demo');
  mkdirSync(dir, { recursive: true });
  const media = makeDemoMedia(dir);
  if (!media) log.warn('ffmpeg is not installed: the demo videos have no playable source');

  const existing = await db.select({ uid: users.uid }).from(users).where(eq(users.username, DEMO_EDITOR));
  const [editor] =
    existing.length > 0
      ? existing
      : await db
          .insert(users)
          .values({
            username: DEMO_EDITOR,
            registrationSource: 'demo',
            registrationType: 2,
            roles: ['user', 'expert'],
          })
          .returning({ uid: users.uid });
  const now = Date.now();
  let n = 0;
  for (const [slug, stories] of Object.entries(STORIES)) {
    const game = gameBySlug(slug);
    if (!game || !editor) continue;
    const color = COLORS[slug] ?? '#3f3f46';
    const [newsCover, videoCover] = await Promise.all([
      makeCover(dir, `news-${slug}`, color, game.abbr),
      makeCover(dir, `video-${slug}`, color, `${game.abbr} ▶`),
    ]);
    for (const story of stories) {
      n += 1;
      await db.insert(articles).values({
        gameId: game.id,
        authorId: editor.uid,
        title: story.title,
        summary: story.summary,
        cover: newsCover,
        body: story.paragraphs.map((p) => `<p>${p}</p>`).join(''),
        tags: [game.abbr],
        status: 'published',
        views: 300 + ((n * 7919) % 4000),
        likes: 10 + ((n * 104_729) % 300),
        publishedAt: new Date(now - n * 5 * HOUR),
      });
    }
    for (const [i, title] of (VIDEO_TITLES[slug] ?? []).entries()) {
      n += 1;
      await db.insert(videos).values({
        gameId: game.id,
        title,
        summary: title,
        cover: videoCover,
        durationSeconds: 10,
        // Alternate the two kinds so both players are in use.
        source: media ? (i % 2 === 0 ? media.mp4 : media.hls) : null,
        views: 500 + ((n * 7919) % 6000),
        likes: 20 + ((n * 104_729) % 500),
        publishedAt: new Date(now - n * 3 * HOUR),
      });
    }
  }
  await settings.set(SEEDED, new Date().toISOString());
  log.info('demo news and videos seeded');
}
