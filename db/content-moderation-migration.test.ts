import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint'))
    await db.exec(statement);
}

describe('migration 0009 (content moderation) on a database already in use', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('keeps every report, leaving one open per reader and thing', async () => {
    for (const file of files.filter((name) => name < '0009')) await apply(db, file);
    await db.exec(`
      insert into users (uid, username, registration_source, registration_type)
        values (1, 'reader', 'email', 1), (2, 'other', 'email', 1);
      insert into content_reports (user_id, target_type, target_id, reason) values
        (1, 'comment', 5, 'first'), (1, 'comment', 5, 'again'), (2, 'comment', 5, 'spam'),
        (1, 'video', 5, 'abuse');`);

    await apply(db, files.find((name) => name.startsWith('0009_')) as string);

    const { rows } = await db.query('select reason, resolution from content_reports order by id');
    expect(rows).toEqual([
      { reason: 'first', resolution: 'dismissed' },
      { reason: 'again', resolution: null },
      { reason: 'spam', resolution: null },
      { reason: 'abuse', resolution: null },
    ]);
  });
});
