import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentId } from '../../modules/live/test-fixtures';
import { SANDBOX_SIGNATURE_HEADER, sandboxProvider } from '../../modules/wallet/providers/sandbox';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  APP_SECRET,
  type Cluster,
  call,
  clusterRuns,
  MEDIA_HOOK_SECRET,
  result,
  resumingChat,
  scoreWatcher,
  startCluster,
  waitFor,
} from './harness';

interface Person {
  uid: number;
  token: string;
  phone: string;
}

let cluster: Cluster;
let admin: Person;
let serial = 0;

/** Signs up with a code sent to a new phone number, read from the sandbox outbox, as the login dialog does. */
async function signUp(): Promise<Person> {
  serial += 1;
  const phone = `1390000${String(serial).padStart(4, '0')}`;
  await result(cluster.url, 'POST', '/login/V2/sendMobilecheckCode', {
    body: { areaCode: '86', mobileOrEmail: phone },
  });
  const code = await waitFor(`the code for ${phone} in the outbox`, async () => {
    const outbox = await result<{ recipient: string; body: string }[]>(cluster.url, 'GET', '/dev/outbox');
    return outbox.find((m) => m.recipient.endsWith(phone))?.body.match(/\b(\d{6})\b/)?.[1];
  });
  const login = await result(cluster.url, 'POST', '/login/V2/getLoginByEmailCheckCode', {
    body: { areaCode: '86', mobileOrEmail: phone, checkCode: code },
  });
  return { uid: login.user.uid, token: login.token, phone };
}

async function coins(person: Person): Promise<{ coins: number; diamonds: number }> {
  return result(cluster.url, 'GET', '/user/userGold', { token: person.token });
}

/** Recharges through the sandbox: the order, then the provider's signed notification of payment. */
async function recharge(person: Person, rmb: number): Promise<void> {
  const { order } = await result(cluster.url, 'POST', '/orderpay/payByAlipay', {
    token: person.token,
    body: { product: 'coins', rmb },
  });
  // What the sandbox checkout's "pay" button sends, signed with the key every instance derives.
  const { body, signature } = sandboxProvider(APP_SECRET).notificationFor({
    orderNo: order.orderNo,
    currency: order.currency,
    amount: order.amount,
    outcome: 'paid',
    providerRef: `SBX-${order.orderNo}`,
  });
  const notified = await fetch(`${cluster.url}/pay/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
  });
  expect(notified.status).toBe(200);
  const paid = await result(cluster.url, 'GET', `/orderpay/order?orderNo=${order.orderNo}`, {
    token: person.token,
  });
  expect(paid.status).toBe('paid');
}

/** An approved anchor whose room is on air: the application, the review, the push (the hook nginx-rtmp calls) and start live. */
async function anchorOnAir(): Promise<Person & { roomId: number }> {
  const anchor = await signUp();
  const photo = async () =>
    (
      await result(cluster.url, 'POST', '/anchor/idPhoto', {
        token: anchor.token,
        body: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
          .png()
          .toBuffer(),
        contentType: 'image/png',
      })
    ).photoId;
  await result(cluster.url, 'POST', '/V2/anchor/user', {
    token: anchor.token,
    body: {
      name: 'Li Lei',
      documentType: 'resident',
      idNumber: residentId('19900307', String(100 + serial)),
      introduction: 'I commentate football.',
      content: 'Football',
      photoFront: await photo(),
      photoBack: await photo(),
      photoHolding: await photo(),
      agreed: true,
    },
  });
  await result(cluster.url, 'POST', '/admin/anchor/review', {
    token: admin.token,
    body: { userId: anchor.uid, action: 'approve' },
  });
  const room = await result(cluster.url, 'POST', '/anchor/liveInfo', {
    token: anchor.token,
    body: { title: 'Derby night', cover: 'https://example.com/cover.jpg', gameId: 202 },
  });
  const { streamKey } = await result(cluster.url, 'POST', '/anchor/streamKey/reset', { token: anchor.token });
  const hook = await fetch(`${cluster.url}/media/hooks/on_publish?secret=${MEDIA_HOOK_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ app: 'live', name: streamKey, addr: '127.0.0.1' }).toString(),
    redirect: 'manual',
  });
  expect(hook.status).toBe(302);
  await waitFor('the push to be seen by the instance answering', async () => {
    const state = await result(cluster.url, 'GET', '/anchor/isBroadcast', { token: anchor.token });
    return state.canStart;
  });
  await result(cluster.url, 'POST', '/anchor/broadcast', { token: anchor.token });
  return { ...anchor, roomId: room.roomId };
}

describe.skipIf(!clusterRuns)('three instances behind nginx on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    cluster = await startCluster(3);
    const login = await result(cluster.url, 'POST', '/login/V2/mobileOrNameToLogin', {
      body: { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    admin = { uid: login.user.uid, token: login.token, phone: '' };
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('nginx spreads requests over all three instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => call(cluster.url, 'GET', '/gift/list')),
    );
    expect(answers.every((answer) => answer.status === 'success')).toBe(true);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(
      new Set(cluster.instances.map((instance) => instance.address)),
    );
  });

  it('a visitor signs up with a code from the outbox sent by one instance and checked by another', async () => {
    const fan = await signUp();
    const me = await result(cluster.url, 'GET', '/user/userGold', { token: fan.token });
    expect(me.coins).toBeGreaterThanOrEqual(0);
  });
});

void randomUUID;
void resumingChat;
void scoreWatcher;
void anchorOnAir;
void recharge;
void coins;
