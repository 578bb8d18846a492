import type { FastifyInstance } from 'fastify';
import { people } from '../../modules/live/test-fixtures';
import type { JavaClient } from '../java';
import type { Fixtures, Principal, Role } from './expectations';

export const ADMIN_EMAIL = 'matrix-admin@example.com';
export const ADMIN_PASSWORD = 'matrix2026';

/**
 * One principal per role of the matrix, made through the product's own calls where it has them: an
 * administrator grants roles, bans and mutes; the anchor applies, is approved, sets up its room and
 * goes live; the anchor appoints the room moderator. Beside them, what the ownership rows act on.
 */
export async function principals(app: FastifyInstance, java: JavaClient): Promise<Fixtures> {
  const login = await java.post('/login/V2/mobileOrNameToLogin', {
    mobileOrEmail: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const admin: Principal = { uid: login.result.user.uid, token: login.result.token };
  const { person, anchor: approvedAnchor } = people(app, java);

  const ok = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const answer = await java.call(method, url, { token, body });
    if (answer.status !== 'success') throw new Error(`${url}: ${answer.errorMsg}`);
    return answer.result;
  };
  const asAdmin = (url: string, body: unknown) => ok('POST', url, admin.token, body);

  const [user, anotherUser, expert, moderator, promoter, banned, muted, bystander, anchor] =
    await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      approvedAnchor(admin),
    ]);
  await asAdmin('/admin/users/roles/grant', { uid: expert.uid, role: 'expert' });
  await asAdmin('/admin/users/roles/grant', { uid: promoter.uid, role: 'promoter' });
  await asAdmin('/admin/users/mute', { uid: muted.uid, action: 'mute', minutes: 0, reason: 'abuse' });

  const roomId = anchor.roomId;
  await app.services.liveRooms.broadcasts.published(`room-${roomId}`);
  await ok('POST', '/anchor/broadcast', anchor.token);
  await ok('POST', '/chatroom/operate', anchor.token, { action: 'appoint', roomId, userId: moderator.uid });

  const message = await ok('POST', '/sendMsg', user.token, { roomId, text: 'What a save' });
  const payment = await ok('POST', '/orderpay/payByAlipay', user.token, { product: 'coins', rmb: 10 });
  const article = await ok('POST', '/creator/article', expert.token, {
    gameId: 202,
    title: 'A derby to remember',
    body: '<p>Both sides pressed high from the first minute.</p>',
  });
  await asAdmin('/admin/articles/review', { id: article.id, decision: 'publish' });
  const comment = await ok('POST', '/comment/add', user.token, {
    targetType: 'article',
    targetId: article.id,
    body: 'Well told',
  });
  // Banned last: the ban ends the account's sessions, and its token stays to be refused.
  await asAdmin('/admin/users/ban', { uid: banned.uid, reason: 'spam' });

  const roles: Record<Role, Principal | null> = {
    guest: null,
    user,
    anotherUser,
    expert,
    anchor,
    moderator,
    promoter,
    admin,
    banned,
    muted,
  };
  return {
    roles,
    bystander,
    roomId,
    messageSeq: message.seq,
    paymentOrderNo: payment.order.orderNo,
    articleId: article.id,
    commentId: comment.id,
  };
}
