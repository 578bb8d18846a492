import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../db/schema/index';
import { fixtures, SOURCE, soccerMatch } from '../modules/matches/test-fixtures';
import { SANDBOX_SIGNATURE_HEADER } from '../modules/wallet/providers/sandbox';
import type { JavaClient } from './java';

const HOUR = 3_600_000;

interface Caller {
  uid: number;
  token: string;
}

/**
 * `expert` applies, the administrator approves, and their plan (28 coins) on a match five hours
 * ahead is approved too: a plan anyone may buy. Answers the plan's id and the match's external id.
 */
export async function approvedPlan(
  app: FastifyInstance,
  java: JavaClient,
  {
    admin,
    expert,
    refundOnMiss = true,
    tag,
  }: { admin: Caller; expert: Caller; refundOnMiss?: boolean; tag: string },
): Promise<{ id: number; externalId: string }> {
  const post = async (url: string, body: unknown, who: Caller) => {
    const answer = await java.call('POST', url, { body, token: who.token });
    if (answer.status !== 'success') throw new Error(`${url}: ${JSON.stringify(answer)}`);
    return answer.result;
  };
  await post(
    '/user/expertApply',
    { displayName: `Tipster ${expert.uid}`, introduction: 'Ten years of league football.', gameIds: [202] },
    expert,
  );
  const applications = (await java.call('GET', '/admin/experts/applications', { token: admin.token })).result
    .list as { id: number; uid: number }[];
  const application = applications.find((a) => a.uid === expert.uid);
  await post('/admin/experts/applications/review', { id: application?.id, approve: true }, admin);
  const externalId = `${tag}-${expert.uid}`;
  await app.services.matches.store.upsertFixtures(
    SOURCE,
    fixtures([soccerMatch(externalId, 'red', 'blue', new Date(Date.now() + 5 * HOUR))]),
  );
  const [match] = await app.services.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.source, SOURCE), eq(matches.externalId, externalId)));
  const saved = await post(
    '/creator_platform/savePlan',
    {
      matchId: match?.id,
      playLevel: 'Premier',
      prediction: { market: '1x2', pick: 'home', odds: 1.9 },
      title: 'Red take the derby at home',
      summary: 'Form, injuries and the head-to-head',
      content: '<p>Red have won five in a row.</p>',
      price: 28,
      refundOnMiss,
      cover: '/uploads/demo/cover.webp',
    },
    expert,
  );
  await post('/admin/experts/plans/review', { planId: saved.id, approve: true }, admin);
  return { id: saved.id as number, externalId };
}

/** The sandbox provider's signed notification that `order` was paid, as its checkout sends it. */
export function notifySandboxPaid(
  app: FastifyInstance,
  order: { orderNo: string; currency: string; amount: number },
) {
  const text = JSON.stringify({
    orderNo: order.orderNo,
    currency: order.currency,
    amount: order.amount,
    outcome: 'paid',
    providerRef: `SBX-${order.orderNo}`,
  });
  return app.inject({
    method: 'POST',
    url: '/pay/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: app.services.wallet.sandbox.sign(text),
    },
    payload: text,
  });
}
