import type { Database } from '../../db/client';
import { gifts } from '../../db/schema/index';

/** The first gift catalogue: animations drawn by scripts/gift-animations.ts, in public/gifts/. */
const CATALOGUE = [
  { name: '爱心', currency: 'coin', price: 1, animation: '/gifts/heart.svga', comboSeconds: 5, sort: 1 },
  { name: '星星', currency: 'coin', price: 10, animation: '/gifts/star.svga', comboSeconds: 5, sort: 2 },
  { name: '火箭', currency: 'coin', price: 100, animation: '/gifts/rocket.svga', comboSeconds: 0, sort: 3 },
  { name: '皇冠', currency: 'diamond', price: 50, animation: '/gifts/crown.svga', comboSeconds: 0, sort: 4 },
];

/** Seeds the gift catalogue once, when it is empty; administrators change it from then on. */
export async function seedGifts({ database }: { database: Database }) {
  const { db } = database;
  if ((await db.$count(gifts)) > 0) return;
  await db.insert(gifts).values(CATALOGUE.map((gift) => ({ ...gift, animationType: 'svga' })));
}
