import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint'))
    await db.exec(statement);
}

describe('migration 0016 (search documents) on a database already in use', () => {
  const db = new PGlite({ extensions: { pg_trgm } });
  afterAll(() => db.close());

  it('writes a document for everything that may be found, and nothing else', async () => {
    for (const file of files.filter((name) => name < '0016')) await apply(db, file);
    await db.exec(`
      insert into users (uid, username, registration_source, registration_type)
        values (1, 'anchor', 'email', 1), (2, 'pending', 'email', 1), (3, 'writer', 'email', 1);
      insert into competitions (id, game_id, name, short_name, region, format, source, external_id)
        values (1, 202, 'Premier League', 'PL', 'GB', 'league', 't', 'c1');
      insert into teams (id, game_id, name, short_name, source, external_id)
        values (1, 202, 'Shanghai Dragons', 'SHD', 't', 't1');
      insert into players (id, team_id, game_id, name, nickname, source, external_id)
        values (1, 1, 202, 'Oliver Ashworth', 'Ash', 't', 'p1');
      insert into localized_names (kind, ref_id, locale, name) values ('team', 1, 'zh_CN', '上海龙之队');
      insert into anchors (user_id, state, name, document_type, id_number, birth_date, introduction, content,
          phone, photo_front, photo_back, photo_holding)
        values (1, 'approved', 'Kim', 'resident', 'x', '1990-01-01', '', '', '', '', '', ''),
          (2, 'review', 'Lee', 'resident', 'x', '1990-01-01', '', '', '', '', '', '');
      insert into live_rooms (id, anchor_id, title, cover, game_id, live)
        values (1, 1, 'Derby night!', '/c.jpg', 202, true), (2, 2, 'Not yet', '/c.jpg', 202, false);
      insert into articles (id, game_id, author_id, title, summary, body, status, published_at)
        values (1, 202, 3, 'Rovers win', 'A late goal', '<p>x</p>', 'published', now()),
          (2, 202, 3, 'Draft', '', '<p>x</p>', 'review', null);`);

    await apply(db, files.find((name) => name.startsWith('0016_')) as string);

    const { rows } = await db.query(
      `select kind, ref_id, name, names, text, words, live, full_text is not null as full_text
        from search_documents order by kind, ref_id`,
    );
    expect(rows).toEqual([
      {
        kind: 'anchor',
        ref_id: 1,
        name: 'Kim',
        names: {},
        text: '| kim |',
        words: ['kim'],
        live: true,
        full_text: false,
      },
      {
        kind: 'article',
        ref_id: 1,
        name: 'Rovers win',
        names: {},
        text: '| rovers win |',
        words: ['rovers', 'win'],
        live: false,
        full_text: true,
      },
      {
        kind: 'competition',
        ref_id: 1,
        name: 'Premier League',
        names: {},
        text: '| premier league |',
        words: ['league', 'premier'],
        live: false,
        full_text: false,
      },
      {
        kind: 'player',
        ref_id: 1,
        name: 'Ash',
        names: {},
        text: '| oliver ashworth | ash |',
        words: ['ash', 'ashworth', 'oliver'],
        live: false,
        full_text: false,
      },
      {
        kind: 'room',
        ref_id: 1,
        name: 'Derby night!',
        names: {},
        text: '| derby night | kim |',
        words: ['derby', 'kim', 'night'],
        live: true,
        full_text: false,
      },
      {
        kind: 'team',
        ref_id: 1,
        name: 'Shanghai Dragons',
        names: { zh_CN: '上海龙之队' },
        text: '| shanghai dragons | 上海龙之队 |',
        words: ['dragons', 'shanghai', '上海龙之队'],
        live: false,
        full_text: false,
      },
    ]);
    const words = await db.query('select word from search_words order by word');
    expect(words.rows.map((row) => (row as { word: string }).word)).toEqual([
      'ash',
      'ashworth',
      'derby',
      'dragons',
      'kim',
      'league',
      'night',
      'oliver',
      'premier',
      'rovers',
      'shanghai',
      'win',
      '上海龙之队',
    ]);
  });
});
