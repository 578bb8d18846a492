import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { gifts, liveRooms } from '../../db/schema/index';
import type { Settings } from '../system/index';
import type { Emotes } from './emotes.service';

/** The demo gifts' names beside their own (Chinese) ones. */
const NAMES = {
  heart: {
    zh_tw: '愛心',
    en_US: 'Heart',
    ar: 'قلب',
    da: 'Hjerte',
    de: 'Herz',
    el: 'Καρδιά',
    es: 'Corazón',
    fr: 'Cœur',
    jp: 'ハート',
    ko: '하트',
    ms: 'Hati',
    nl: 'Hart',
    pl: 'Serce',
    pt: 'Coração',
    ru: 'Сердце',
    sv: 'Hjärta',
    thai: 'หัวใจ',
    tl: 'Puso',
    tr: 'Kalp',
    uk: 'Серце',
    vi: 'Trái tim',
  },
  star: {
    zh_tw: '星星',
    en_US: 'Star',
    ar: 'نجمة',
    da: 'Stjerne',
    de: 'Stern',
    el: 'Αστέρι',
    es: 'Estrella',
    fr: 'Étoile',
    jp: 'スター',
    ko: '별',
    ms: 'Bintang',
    nl: 'Ster',
    pl: 'Gwiazda',
    pt: 'Estrela',
    ru: 'Звезда',
    sv: 'Stjärna',
    thai: 'ดาว',
    tl: 'Bituin',
    tr: 'Yıldız',
    uk: 'Зірка',
    vi: 'Ngôi sao',
  },
  rocket: {
    zh_tw: '火箭',
    en_US: 'Rocket',
    ar: 'صاروخ',
    da: 'Raket',
    de: 'Rakete',
    el: 'Πύραυλος',
    es: 'Cohete',
    fr: 'Fusée',
    jp: 'ロケット',
    ko: '로켓',
    ms: 'Roket',
    nl: 'Raket',
    pl: 'Rakieta',
    pt: 'Foguete',
    ru: 'Ракета',
    sv: 'Raket',
    thai: 'จรวด',
    tl: 'Rocket',
    tr: 'Roket',
    uk: 'Ракета',
    vi: 'Tên lửa',
  },
  crown: {
    zh_tw: '皇冠',
    en_US: 'Crown',
    ar: 'تاج',
    da: 'Krone',
    de: 'Krone',
    el: 'Στέμμα',
    es: 'Corona',
    fr: 'Couronne',
    jp: '王冠',
    ko: '왕관',
    ms: 'Mahkota',
    nl: 'Kroon',
    pl: 'Korona',
    pt: 'Coroa',
    ru: 'Корона',
    sv: 'Krona',
    thai: 'มงกุฎ',
    tl: 'Korona',
    tr: 'Taç',
    uk: 'Корона',
    vi: 'Vương miện',
  },
};

/** The first gift catalogue: animations drawn by scripts/gift-animations.ts, in public/gifts/. */
const CATALOGUE = [
  {
    name: '爱心',
    currency: 'coin',
    price: 1,
    animation: '/gifts/heart.svga',
    names: NAMES.heart,
    comboSeconds: 5,
    sort: 1,
  },
  {
    name: '星星',
    currency: 'coin',
    price: 10,
    animation: '/gifts/star.svga',
    names: NAMES.star,
    comboSeconds: 5,
    sort: 2,
  },
  {
    name: '火箭',
    currency: 'coin',
    price: 100,
    animation: '/gifts/rocket.svga',
    names: NAMES.rocket,
    comboSeconds: 0,
    sort: 3,
  },
  {
    name: '皇冠',
    currency: 'diamond',
    price: 50,
    animation: '/gifts/crown.svga',
    names: NAMES.crown,
    comboSeconds: 0,
    sort: 4,
  },
];

/** Seeds the gift catalogue once, when it is empty; administrators change it from then on. */
export async function seedGifts({ database }: { database: Database }) {
  const { db } = database;
  if ((await db.$count(gifts)) > 0) return;
  await db.insert(gifts).values(CATALOGUE.map((gift) => ({ ...gift, animationType: 'svga' })));
}

const EMOTES_SEEDED = 'demo_emotes_seeded';

/** The demo rooms' emotes, drawn as shapes (no font needed). */
const DEMO_EMOTES: Record<string, string> = {
  goal: `<circle cx="50" cy="50" r="44" fill="#fff" stroke="#111" stroke-width="6"/>
    <polygon points="50,30 69,44 62,66 38,66 31,44" fill="#111"/>`,
  fire: `<path d="M50 6 C62 28 84 40 80 66 C77 86 62 94 50 94 C36 94 20 84 20 64 C20 46 34 40 36 22 C44 32 46 40 50 44 C54 32 54 20 50 6 Z" fill="#f97316"/>
    <path d="M50 52 C58 62 66 68 64 80 C62 88 56 92 50 92 C43 92 36 87 36 78 C36 68 46 64 50 52 Z" fill="#facc15"/>`,
  heart: `<path d="M50 88 L14 52 C2 40 6 16 26 12 C38 10 46 18 50 26 C54 18 62 10 74 12 C94 16 98 40 86 52 Z" fill="#e11d48"/>`,
};

/** Each demo anchor's room gets the demo emotes, once per database, as its anchor would upload them. */
export async function seedDemoEmotes({
  database,
  settings,
  emotes,
}: {
  database: Database;
  settings: Settings;
  emotes: Pick<Emotes, 'upload'>;
}) {
  if (await settings.get(EMOTES_SEEDED)) return;
  const rooms = await database.db
    .select({ id: liveRooms.id, anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .where(eq(liveRooms.source, 'demo'));
  if (rooms.length === 0) return;
  const pictures = await Promise.all(
    Object.entries(DEMO_EMOTES).map(async ([code, shapes]) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${shapes}</svg>`;
      return [code, await sharp(Buffer.from(svg)).png().toBuffer()] as const;
    }),
  );
  for (const room of rooms)
    for (const [code, picture] of pictures)
      await emotes.upload(
        { uid: room.anchorId, username: '', roles: ['user', 'anchor'] },
        room.id,
        code,
        picture,
      );
  await settings.set(EMOTES_SEEDED, new Date().toISOString());
}
