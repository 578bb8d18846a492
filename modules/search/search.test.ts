import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { anchors, articles, liveRooms, localizedNames, players, teams, users } from '../../db/schema/index';
import { databaseTargets, openTestDatabase } from '../../test/databases';
import { countCommonWords, createSearch, rebuildSearchIndexes } from './search.service';
import { highlightParts } from './search-constants.contract';

const SOCCER = 202;

async function team(db: Db, name: string, localized: Record<string, string> = {}) {
  const [row] = await db
    .insert(teams)
    .values({ gameId: SOCCER, name, shortName: name.slice(0, 3), source: 't', externalId: name })
    .returning({ id: teams.id });
  const id = row?.id as number;
  const names = Object.entries(localized).map(([locale, text]) => ({
    kind: 'team',
    refId: id,
    locale,
    name: text,
  }));
  if (names.length) await db.insert(localizedNames).values(names);
  return id;
}

async function room(db: Db, anchorName: string, title: string, live: boolean) {
  const [user] = await db
    .insert(users)
    .values({
      username: `a${Math.random().toString(36).slice(2, 10)}`,
      registrationSource: 'test',
      registrationType: 1,
    })
    .returning({ uid: users.uid });
  const uid = user?.uid as number;
  await db.insert(anchors).values({
    userId: uid,
    state: 'approved',
    name: anchorName,
    documentType: 'resident',
    idNumber: 'x',
    birthDate: '1990-01-01',
    introduction: '',
    content: '',
    phone: '',
    photoFront: '',
    photoBack: '',
    photoHolding: '',
  });
  const [row] = await db
    .insert(liveRooms)
    .values({ anchorId: uid, title, cover: '/c.jpg', gameId: SOCCER, live })
    .returning({ id: liveRooms.id });
  return row?.id as number;
}

describe.each(databaseTargets)('search on $name', (target) => {
  // One database for the file: each rule below searches names no other one writes.
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(target);
    db = database.db;
  });

  it('finds a team by part of its name in Chinese and in English, and shows the name in the language asked', async () => {
    const dragons = await team(db, 'Shanghai Dragons', { zh_CN: '上海龙之队' });
    await team(db, 'Harbin Ice', { zh_CN: '哈尔滨冰城' });
    const search = createSearch(db);

    const inChinese = await search.all('龙之', 'zh_CN');
    expect(inChinese.teams.map((t) => [t.id, t.name])).toEqual([[dragons, '上海龙之队']]);

    const inEnglish = await search.all('dragon', 'en_US');
    expect(inEnglish.teams.map((t) => [t.id, t.name])).toEqual([[dragons, 'Shanghai Dragons']]);
    // A visitor reading Chinese who types the English name gets the team under its Chinese name.
    expect((await search.all('Dragons', 'zh_CN')).teams.map((t) => t.name)).toEqual(['上海龙之队']);
  });

  it('keeps the documents of a batch of players and their names, changed and removed, as search_index makes each', async () => {
    const club = await team(db, 'Quillon Batchers', { zh_CN: '奎隆队' });
    const written = await db
      .insert(players)
      .values(
        ['Mateo Brandt', 'Kofi Mensah', 'Yuki Arai'].map((name, index) => ({
          teamId: club,
          gameId: SOCCER,
          name,
          nickname: index === 1 ? 'Kofi' : null,
          source: 'batch',
          externalId: name,
        })),
      )
      .returning({ id: players.id });
    const [first, second, third] = written.map((row) => row.id);
    await db.insert(localizedNames).values([
      { kind: 'player', refId: first as number, locale: 'zh_tw', name: '馬特奧·布蘭特' },
      { kind: 'player', refId: first as number, locale: 'zh_CN', name: '马特奥·布兰特' },
      { kind: 'player', refId: second as number, locale: 'zh_CN', name: '科菲·门萨' },
    ]);
    await db
      .update(players)
      .set({ nickname: 'Teo' })
      .where(eq(players.id, first as number));
    await db
      .update(localizedNames)
      .set({ name: '科菲' })
      .where(eq(localizedNames.refId, second as number));
    await db.delete(players).where(eq(players.id, third as number));

    const documents = async () =>
      (
        (await db.execute(sql`
          select * from search_documents where kind in ('team', 'player') order by kind, ref_id`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const kept = await documents();
    expect(kept).toContainEqual(
      expect.objectContaining({
        kind: 'player',
        name: 'Teo',
        names: { zh_CN: '马特奥·布兰特', zh_tw: '馬特奧·布蘭特' },
        text: '| mateo brandt | teo | 马特奥 布兰特 | 馬特奧 布蘭特 |',
      }),
    );
    expect(kept).toContainEqual(
      expect.objectContaining({ kind: 'player', name: 'Kofi', names: { zh_CN: '科菲' } }),
    );
    expect(kept).not.toContainEqual(expect.objectContaining({ name: 'Yuki Arai' }));
    // Made again one by one, every document is the same.
    await db.execute(
      sql`select search_index(kind, ref_id) from search_documents where kind in ('team', 'player')`,
    );
    expect(await documents()).toEqual(kept);
  });

  it('finds a player by a misspelt name, and not by an unrelated one', async () => {
    const club = await team(db, 'Ashbury Rovers');
    const [ashworth] = await db
      .insert(players)
      .values([
        { teamId: club, gameId: SOCCER, name: 'Oliver Ashworth', source: 't', externalId: 'p1' },
        { teamId: club, gameId: SOCCER, name: 'Jack Kettering', source: 't', externalId: 'p2' },
      ])
      .returning({ id: players.id });
    const search = createSearch(db);

    const found = await search.all('Ashwerth', 'en_US');
    expect(found.players).toEqual([
      { id: ashworth?.id, gameId: SOCCER, name: 'Oliver Ashworth', team: 'Ashbury Rovers' },
    ]);
    expect((await search.all('Zebulon', 'en_US')).players).toEqual([]);
  });

  it('finds a player by any part of the name, across its words, when every name starts with the same word', async () => {
    const club = await team(db, 'Numbered Eleven');
    const ids = await db
      .insert(players)
      .values(
        ['Player 2-4-7', 'Player 12-4-7', 'Player 12-4-70', 'Player 3-5-8'].map((name) => ({
          teamId: club,
          gameId: SOCCER,
          name,
          source: 't',
          externalId: name,
        })),
      )
      .returning({ id: players.id });
    const [twoFourSeven, twelveFourSeven, twelveFourSeventy] = ids.map((row) => row.id);
    const search = createSearch(db);
    const found = async (text: string) => (await search.all(text, 'en_US')).players.map((p) => p.id);

    // Names starting with the text first, then the shortest.
    expect(await found('Player 12-4-7')).toEqual([twelveFourSeven, twelveFourSeventy]);
    expect(await found('2-4-7')).toEqual([twoFourSeven, twelveFourSeven, twelveFourSeventy]);
    expect(await found('layer 2-4')).toEqual([twoFourSeven]);
    // Two characters, too few for a trigram, still find every name holding them.
    expect(await found('70')).toEqual([twelveFourSeventy]);
  });

  it('ranks a live room that is on air above one that is not, even when the other matches better', async () => {
    const offAir = await room(db, 'Derby Dan', 'Derby', false);
    const onAir = await room(db, 'Kim', 'Late night derby talk', true);
    const search = createSearch(db);

    const tab = await search.tab('derby', 'rooms', 'en_US');
    expect(tab.list.map((r) => [r.id, 'live' in r && r.live])).toEqual([
      [onAir, true],
      [offAir, false],
    ]);
    expect((await search.suggest('derby', 'en_US')).slice(0, 2).map((s) => [s.kind, s.id])).toEqual([
      ['room', onAir],
      ['room', offAir],
    ]);
  });

  it('keeps up with what it finds as it changes: names, rooms going on and off air, anchors and articles', async () => {
    const club = await team(db, 'Kestrel Wanderers');
    const search = createSearch(db);
    await db.update(teams).set({ name: 'Kestrel Albion' }).where(eq(teams.id, club));
    expect((await search.all('wanderers', 'en_US')).teams).toEqual([]);
    expect((await search.all('albion', 'en_US')).teams.map((t) => t.id)).toEqual([club]);
    await db.insert(localizedNames).values({ kind: 'team', refId: club, locale: 'zh_CN', name: '红隼' });
    expect((await search.all('红隼', 'zh_CN')).teams.map((t) => t.name)).toEqual(['红隼']);

    const first = await room(db, 'Quill', 'Kestrel talk', false);
    const second = await room(db, 'Ravel', 'Kestrel talk late', false);
    const order = async () => (await search.tab('kestrel talk', 'rooms', 'en_US')).list.map((r) => r.id);
    expect(await order()).toEqual([first, second]);
    await db.update(liveRooms).set({ live: true }).where(eq(liveRooms.id, second));
    expect(await order()).toEqual([second, first]);
    await db.update(liveRooms).set({ closed: true }).where(eq(liveRooms.id, second));
    expect(await order()).toEqual([first]);
    const [owner] = await db
      .select({ uid: liveRooms.anchorId })
      .from(liveRooms)
      .where(eq(liveRooms.id, first));
    await db
      .update(anchors)
      .set({ state: 'banned' })
      .where(eq(anchors.userId, owner?.uid as number));
    expect(await order()).toEqual([]);
    expect((await search.tab('quill', 'anchors', 'en_US')).list).toEqual([]);
  });

  it('finds published articles by their words, never one waiting for review', async () => {
    const [author] = await db
      .insert(users)
      .values({ username: 'writer', registrationSource: 'test', registrationType: 1 })
      .returning({ uid: users.uid });
    const base = { gameId: SOCCER, authorId: author?.uid as number, body: '<p>x</p>' };
    const [published] = await db
      .insert(articles)
      .values([
        {
          ...base,
          title: 'Rovers win the derby',
          summary: 'A late goal',
          status: 'published',
          publishedAt: new Date(),
        },
        { ...base, title: 'Rovers draft', summary: 'A late goal', status: 'review' },
      ])
      .returning({ id: articles.id });
    const search = createSearch(db);
    const found = await search.tab('late goal', 'news', 'en_US');
    expect(found.list.map((n) => n.id)).toEqual([published?.id]);
    await db
      .update(articles)
      .set({ status: 'review' })
      .where(eq(articles.id, published?.id as number));
    expect((await search.tab('late goal', 'news', 'en_US')).list).toEqual([]);
  });

  it('finds the same while its indexes are built afresh, and after', async () => {
    const rovers = await team(db, 'Kowloon Rovers', { zh_CN: '九龙流浪者' });
    const search = createSearch(db);
    const teamsFound = async () => (await search.all('Kowlon Rovers', 'en_US')).teams.map((t) => t.id);
    expect(await teamsFound()).toEqual([rovers]);

    const [during] = await Promise.all([teamsFound(), rebuildSearchIndexes(database)]);
    expect(during).toEqual([rovers]);
    expect(await teamsFound()).toEqual([rovers]);
    expect((await search.all('九龙', 'zh_CN')).teams.map((t) => t.id)).toEqual([rovers]);
  });

  it('counts the words most names of a kind share, and finds a name starting with one by the rest', async () => {
    const ferries = await db
      .insert(teams)
      .values(
        Array.from({ length: 120 }, (_, n) => ({
          gameId: SOCCER,
          name: `Ferry Athletic ${n}`,
          shortName: 'FA',
          source: 't',
          externalId: `ferry-${n}`,
        })),
      )
      .returning({ id: teams.id, name: teams.name });
    await countCommonWords(db);
    const common = await db.execute(sql`select kind, word from search_common_words where word = 'ferry'`);
    expect((common as unknown as { rows: unknown[] }).rows).toEqual([{ kind: 'team', word: 'ferry' }]);

    // Looked up by ' athletic 7' in the teams' index, by the whole phrase in every other kind's.
    const found = await createSearch(db).all('Ferry Athletic 7', 'en_US');
    expect(found.teams.map((t) => t.name)).toEqual([
      'Ferry Athletic 7',
      'Ferry Athletic 70',
      'Ferry Athletic 71',
      'Ferry Athletic 72',
      'Ferry Athletic 73',
    ]);
    expect(found.teams[0]?.id).toBe(ferries.find((t) => t.name === 'Ferry Athletic 7')?.id);
    expect(found.players).toEqual([]);
  });

  it.runIf(target.name === 'PostgreSQL')(
    'drops what a rebuild cut short left behind before building the indexes afresh',
    async () => {
      // A concurrent build that fails leaves its index invalid, as a rebuild stopped midway does.
      await expect(
        db.execute(
          sql`create unique index concurrently search_documents_leftover_ccnew on search_documents (kind)`,
        ),
      ).rejects.toThrow();
      const invalid = async () =>
        (
          (await db.execute(sql`select count(*)::int as n from pg_index
            where indrelid = 'search_documents'::regclass and not indisvalid`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n;
      expect(await invalid()).toBe(1);

      await rebuildSearchIndexes(database);
      expect(await invalid()).toBe(0);
    },
  );
});

describe('the highlighted parts of a result', () => {
  it('marks every place the text occurs, in any case, and nothing for a misspelt match', () => {
    expect(highlightParts('Derby night, derby day', 'DERBY')).toEqual([
      { text: 'Derby', match: true },
      { text: ' night, ', match: false },
      { text: 'derby', match: true },
      { text: ' day', match: false },
    ]);
    expect(highlightParts('Oliver Ashworth', 'Ashwerth')).toEqual([
      { text: 'Oliver Ashworth', match: false },
    ]);
    expect(highlightParts('<b>上海龙之队</b>', '龙之').map((p) => p.match)).toEqual([false, true, false]);
  });
});
