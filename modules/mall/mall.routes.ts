import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { pageIndexRule } from '../../platform/paging';
import { acceptBinaryBody } from '../../platform/uploads';
import type { Mall } from './mall';
import {
  boxInput,
  exchangeInput,
  GOODS_CATEGORIES,
  GOODS_IMAGE_MAX_BYTES,
  GOODS_PAGE_SIZE,
  GOODS_SORTS,
  goodsInput,
  idRule,
  MAX_QUANTITY,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  openInput,
  prizeAddressInput,
  transitionInput,
} from './mall.contract';

const tags = ['mall'];
const signedIn = { tags, auth: 'required' as const };
const admin = { tags: ['admin'], auth: 'required' as const, roles: ['admin' as const] };

/** The mall's calls of spec point 7 (/goods, /orderpay, /user/order) and the blind box. */
export async function mallRoutes(app: FastifyInstance, { mall }: { mall: Mall }) {
  const { goods, orders, boxes } = mall;

  defineApi(app, {
    method: 'GET',
    path: '/goods/list',
    summary: 'Goods on sale, by category, most exchanged (popular), newest or cheapest first',
    tags,
    query: z.object({
      category: z.enum(GOODS_CATEGORIES).optional(),
      sort: z.enum(GOODS_SORTS).default('popular'),
      pageIndex: pageIndexRule.default(1),
    }),
    handler: ({ query }) => goods.list({ ...query, pageSize: GOODS_PAGE_SIZE }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/goods/details',
    summary: 'One product on sale: sanitised description, pictures, price, stock, limit and window',
    tags,
    query: z.object({ id: idRule }),
    handler: ({ query }) => goods.details(query.id),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/orderpay/goodsOrder',
    summary:
      'The order confirmation: what the exchange costs, the balance before and after, whether an address is needed',
    body: z.object({
      goodsId: idRule,
      quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY).default(1),
    }),
    handler: ({ body, user }) => orders.confirm(user.uid, body.goodsId, body.quantity),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/orderpay/payGoodsOrder',
    summary:
      'Exchange coins for goods; recipient, address and contact are required for physical goods. The same idempotencyKey never charges twice',
    body: exchangeInput,
    handler: ({ body, user }) => orders.exchange(user.uid, body),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/user/order/list',
    summary: "The user's mall orders with their state history, newest first",
    query: z.object({ status: z.enum(ORDER_STATUSES).optional(), pageIndex: pageIndexRule.default(1) }),
    handler: ({ query, user }) => orders.mine(user.uid, { ...query, pageSize: ORDERS_PAGE_SIZE }),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/user/order/details',
    summary: "One of the user's own orders, with the card number of a virtual card",
    query: z.object({ orderNo: z.string().min(1).max(40) }),
    handler: ({ query, user }) => orders.ofUser(user.uid, query.orderNo),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/user/order/cancel',
    summary: 'Cancel an own order still under review: the coins come back and the goods go back in stock',
    body: z.object({ orderNo: z.string().min(1).max(40), remark: z.string().trim().max(300).optional() }),
    handler: ({ body, user }) =>
      orders.move(
        { uid: user.uid, staff: false },
        { orderNo: body.orderNo, to: 'cancelled', remark: body.remark },
      ),
  });

  defineApi(app, {
    method: 'GET',
    path: '/blindBox/list',
    summary: 'The blind boxes with their prizes, published odds and the committed seed hash',
    tags,
    handler: () => boxes.list(),
  });

  defineApi(app, {
    method: 'GET',
    path: '/blindBox/details',
    summary: 'One blind box with its prizes, published odds and the committed seed hash',
    tags,
    query: z.object({ id: idRule }),
    handler: ({ query }) => boxes.box(query.id),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/blindBox/open',
    summary:
      "Open a blind box with a client seed: pays its price and places the prize's order. Sending the seed hash shown refuses the opening if it changed",
    body: openInput,
    handler: ({ body, user }) => boxes.open(user.uid, body),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/blindBox/prizeAddress',
    summary:
      'Give the recipient, address and contact for a won prize that ships; they can be corrected until the order is reviewed',
    body: prizeAddressInput,
    handler: ({ body, user }) => boxes.deliverPrize(user.uid, body),
  });

  defineApi(app, {
    ...signedIn,
    method: 'GET',
    path: '/blindBox/myOpenings',
    summary: "The user's blind box openings, newest first",
    handler: ({ user }) => boxes.mine(user.uid),
  });

  defineApi(app, {
    ...signedIn,
    method: 'POST',
    path: '/blindBox/rotateSeed',
    summary: "Reveal the box's seed (once used) and commit a new one, so past openings can be verified",
    body: z.object({ boxId: idRule }),
    handler: ({ body, user }) => boxes.rotate({ uid: user.uid, staff: false }, body.boxId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/blindBox/verify',
    summary:
      'Recompute a past opening: HMAC-SHA256(server seed, clientSeed:nonce) over the odds of the time, with the revealed seed or one given',
    tags,
    query: z.object({
      openingId: idRule,
      serverSeed: z
        .string()
        .regex(/^[0-9a-f]{1,128}$/, 'invalidFormat')
        .optional(),
    }),
    handler: ({ query }) => boxes.verify(query.openingId, query.serverSeed),
  });
}

/** The administrators' goods, order review queue and fulfilment, and boxes; every change audited. */
export async function mallAdminRoutes(app: FastifyInstance, { mall }: { mall: Mall }) {
  const { goods, orders, boxes } = mall;

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/mall/goods',
    summary: 'Every product, on the shelf or not, newest first',
    query: z.object({ pageIndex: pageIndexRule.default(1) }),
    handler: ({ query }) => goods.all(query.pageIndex, 50),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/mall/goods',
    summary: 'Create a product, or edit one with its id; the description is sanitised',
    body: goodsInput,
    handler: ({ body, user }) => goods.save(user.uid, body),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/mall/goods/shelf',
    summary: 'Put a product on the shelf or take it off',
    body: z.object({ id: idRule, onShelf: z.boolean() }),
    handler: ({ body, user }) => goods.setShelf(user.uid, body.id, body.onShelf),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, GOODS_IMAGE_MAX_BYTES, 'imageRule');
    defineApi(scope, {
      ...admin,
      method: 'POST',
      path: '/admin/mall/uploadImage',
      summary:
        'Upload a product picture: the image itself as the body, jpg, png or webp up to 5 MB; answers its URL',
      response: z.object({ url: z.string() }),
      handler: async ({ request }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('imageRule');
        return { url: await goods.uploadImage(request.body) };
      },
    });
  });

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/mall/orders',
    summary: 'Orders in a state, oldest first: the review queue (review) and fulfilment (exchanging)',
    query: z.object({
      status: z.enum(ORDER_STATUSES).default('review'),
      pageIndex: pageIndexRule.default(1),
    }),
    handler: ({ query }) => orders.queue({ ...query, pageSize: 50 }),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/mall/orders/transition',
    summary:
      'Move an order: approve, ship (tracking number) or deliver a card (card number), cancel or charge back (refunds once)',
    body: transitionInput,
    handler: ({ body, user }) => orders.move({ uid: user.uid, staff: true }, body),
  });

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/mall/boxes',
    summary: 'Every blind box, active or not',
    handler: () => boxes.list(true),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/mall/boxes',
    summary: "Create a blind box with its prizes and odds, or edit a box's name, picture, price and state",
    body: boxInput,
    handler: ({ body, user }) => boxes.save(user.uid, body),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/mall/boxes/rotateSeed',
    summary: "Reveal a box's seed and commit a new one",
    body: z.object({ boxId: idRule }),
    handler: ({ body, user }) => boxes.rotate({ uid: user.uid, staff: true }, body.boxId),
  });
}
