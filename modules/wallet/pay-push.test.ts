import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { javaClient } from '../../test/java';

/** A push socket that keeps every frame and can wait for the next matching one. */
async function pushSocket(base: string) {
  const socket = new WebSocket(`${base}/ws/push`);
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (match: (frame: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const index = frames.findIndex(match);
      if (index >= 0) return frames.splice(index, 1)[0];
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no such frame');
  };
  const send = (message: object) => socket.send(JSON.stringify(message));
  cleanUpAfterFile(async () => void socket.close());
  return { send, next };
}

describe('the payWs result on the private user channel', () => {
  it('reaches only the signed-in owner, with the new balance', async () => {
    const app = await buildTestApp({ env: { DEV_ADAPTERS: 'true' } });
    cleanUpAfterFile(() => app.close());
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const users = [];
    for (const name of ['owner', 'other']) {
      const row = await app.services.accounts.register({
        email: `${name}@example.com`,
        source: 'email',
        type: 1,
      });
      const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
      users.push({ uid: row.uid, token });
    }
    const [owner, other] = users as [{ uid: number; token: string }, { uid: number; token: string }];
    const channel = `user:${owner.uid}`;

    const guest = await pushSocket(base);
    guest.send({ op: 'sub', channel });
    expect(await guest.next((f) => f.op === 'error')).toEqual({ op: 'error', reason: 'forbidden', channel });

    const stranger = await pushSocket(base);
    stranger.send({ op: 'auth', token: other.token });
    await stranger.next((f) => f.op === 'authed');
    stranger.send({ op: 'sub', channel });
    expect(await stranger.next((f) => f.op === 'error')).toMatchObject({ reason: 'forbidden' });

    const page = await pushSocket(base);
    page.send({ op: 'auth', token: 'not-a-token' });
    expect(await page.next((f) => f.op === 'error')).toEqual({ op: 'error', reason: 'auth' });
    page.send({ op: 'auth', token: owner.token });
    expect(await page.next((f) => f.op === 'authed')).toEqual({ op: 'authed', uid: owner.uid });
    page.send({ op: 'sub', channel });
    await page.next((f) => f.op === 'subscribed');

    const { result } = await javaClient(app).call('POST', '/orderpay/payByAlipay', {
      body: { product: 'coins', rmb: 200 },
      token: owner.token,
    });
    await app.services.wallet.decideInSandbox(result.order.orderNo, 'paid');
    expect(await page.next((f) => f.channel === channel)).toEqual({
      channel,
      data: {
        type: 'payment',
        orderNo: result.order.orderNo,
        outcome: 'paid',
        coins: 2200,
        diamonds: 0,
        level: 2,
      },
    });
  }, 90_000);
});
