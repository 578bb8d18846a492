import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { users } from '../../db/schema/index';
import type { JavaClient } from '../../test/java';

/** A mainland resident ID with a correct check character, for a birth date YYYYMMDD. */
export function residentId(birth: string, serial = '123'): string {
  const body = `110105${birth}${serial}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

export const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Test people of one app: accounts with a phone and a login token. */
export function people(app: FastifyInstance, java: JavaClient) {
  let serial = 0;
  const db = () => app.services.database.db;

  async function person(roles: string[] = ['user'], { phone = true } = {}) {
    serial += 1;
    const row = await app.services.accounts.register({
      email: `live${serial}-${Date.now()}-${Math.random()}@example.com`,
      source: 'email',
      type: 1,
    });
    await db()
      .update(users)
      .set({ roles, phone: phone ? `139${String(row.uid).padStart(8, '0')}` : null, areaCode: '86' })
      .where(eq(users.uid, row.uid));
    const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
    return { uid: row.uid, username: row.username, token };
  }

  const photo = async (token: string): Promise<string> =>
    (
      await java.call('POST', '/anchor/idPhoto', {
        token,
        body: await png(),
        headers: { 'content-type': 'image/png' },
      })
    ).result.photoId;

  async function application(token: string, over: Record<string, unknown> = {}) {
    return {
      name: 'Li Lei',
      documentType: 'resident',
      idNumber: residentId('19900307'),
      introduction: 'I commentate football.',
      content: 'Football',
      photoFront: await photo(token),
      photoBack: await photo(token),
      photoHolding: await photo(token),
      agreed: true,
      ...over,
    };
  }

  /** An approved anchor with its room set up (free unless told) and a stream key. */
  async function anchor(admin: { token: string }, room: Record<string, unknown> = {}) {
    const user = await person();
    const applied = await java.call('POST', '/V2/anchor/user', {
      token: user.token,
      body: await application(user.token),
    });
    if (applied.status !== 'success') throw new Error(`application refused: ${applied.errorMsg}`);
    await java.call('POST', '/admin/anchor/review', {
      token: admin.token,
      body: { userId: user.uid, action: 'approve' },
    });
    const saved = await java.call('POST', '/anchor/liveInfo', {
      token: user.token,
      body: { title: 'Derby night', cover: 'https://example.com/cover.jpg', gameId: 202, ...room },
    });
    if (saved.status !== 'success') throw new Error(`room refused: ${saved.errorMsg}`);
    const key = await java.call('POST', '/anchor/streamKey/reset', { token: user.token });
    return { ...user, roomId: saved.result.roomId as number, streamKey: key.result.streamKey as string };
  }

  return { person, photo, application, anchor };
}
