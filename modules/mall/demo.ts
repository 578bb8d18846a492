import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Env } from '../../platform/env';
import type { FileStorage } from '../../platform/file-storage';
import type { Settings } from '../system';
import type { Mall } from './mall';
import type { GoodsInput } from './mall.contract';

const SEEDED = 'demo_mall_seeded';

/** A product picture: a coloured tile with a large emblem, made here so the demo needs no files. */
async function picture(storage: FileStorage, name: string, colour: string, emblem: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="${colour}"/>
    <circle cx="300" cy="300" r="190" fill="rgba(255,255,255,0.18)"/>
    <text x="300" y="360" font-size="180" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">${emblem}</text>
  </svg>`;
  return storage.put(
    `mall/demo-${name}.webp`,
    await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(),
  );
}

type DemoGoods = Omit<GoodsInput, 'images' | 'onShelf' | 'description'> & {
  description: string;
  colour: string;
  emblem: string;
  key: string;
};

const DEMO_GOODS: DemoGoods[] = [
  {
    key: 'jersey',
    name: '熊猫战队 2026 主场球衣',
    description:
      '<p>官方授权主场球衣，速干面料，尺码在备注中填写（S–XXL）。</p><p>下单后 3 个工作日内发货。</p>',
    category: 'physical',
    priceCoins: 1200,
    grant: 0,
    inventory: 50,
    limitPerUser: 2,
    colour: '#d9480f',
    emblem: '10',
  },
  {
    key: 'mouse',
    name: '电竞鼠标 Pro（无线）',
    description: '<p>26000 DPI 传感器，重量 63 克，续航 90 小时。</p>',
    category: 'physical',
    priceCoins: 2600,
    grant: 0,
    inventory: 20,
    limitPerUser: 1,
    colour: '#1c7ed6',
    emblem: '🖱',
  },
  {
    key: 'card',
    name: '50 元话费充值卡',
    description: '<p>全国通用话费卡，卡密在订单审核通过后显示在“我的订单”中，仅本人可见。</p>',
    category: 'virtual_card',
    priceCoins: 500,
    grant: 0,
    inventory: 100,
    limitPerUser: 5,
    colour: '#2b8a3e',
    emblem: '¥50',
  },
  {
    key: 'vip',
    name: 'VIP 会员 7 天',
    description: '<p>兑换后立即生效，可观看 VIP 专属直播。</p>',
    category: 'vip_days',
    priceCoins: 150,
    grant: 7,
    inventory: 1000,
    limitPerUser: null,
    colour: '#f59f00',
    emblem: 'VIP',
  },
  {
    key: 'diamonds',
    name: '钻石 ×100',
    description: '<p>兑换后立即到账，可在直播间赠送礼物。</p>',
    category: 'diamonds',
    priceCoins: 300,
    grant: 100,
    inventory: 1000,
    limitPerUser: null,
    colour: '#7048e8',
    emblem: '💎',
  },
];

/**
 * Goods in every category and a blind box with published odds, so a fresh start shows the mall
 * working. Runs once per database, with DEMO_DATA or by default on the embedded database.
 */
export async function seedDemoMall(services: {
  env: Env;
  log: Logger;
  settings: Settings;
  storage: FileStorage;
  mall: Mall;
}) {
  const { env, settings, storage, mall } = services;
  const wanted = env.DEMO_DATA ?? (env.NODE_ENV !== 'test' && !env.DATABASE_URL);
  if (!wanted || (await settings.get(SEEDED))) return;
  const made: Record<string, number> = {};
  for (const { key, colour, emblem, ...product } of DEMO_GOODS) {
    const images = [await picture(storage, key, colour, emblem)];
    made[key] = (await mall.goods.save(null, { ...product, images, onShelf: true })).id;
  }
  await mall.boxes.save(null, {
    name: '幸运盲盒',
    description: '每次开启 100 金币，必得一件奖品；结果可公开验证。',
    image: await picture(storage, 'box', '#c2255c', '?'),
    priceCoins: 100,
    active: true,
    prizes: [
      { kind: 'coins', amount: 50, weight: 4500 },
      { kind: 'coins', amount: 200, weight: 2500 },
      { kind: 'vip_days', amount: 3, weight: 2000 },
      { kind: 'goods', goodsId: made.card, amount: 1, weight: 800 },
      { kind: 'goods', goodsId: made.mouse, amount: 1, weight: 200 },
    ],
  });
  await settings.set(SEEDED, new Date().toISOString());
  services.log.info('demo mall goods and a blind box seeded');
}
