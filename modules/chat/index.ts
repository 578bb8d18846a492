import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { FileStorage } from '../../platform/file-storage';
import { defineModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Content } from '../content/index';
import type { Settings } from '../system/index';
import type { WalletDomain } from '../wallet/index';
import { chatRoutes, chatSocket } from './chat.routes';
import { createChat } from './chat.service';
import { seedDemoEmotes, seedGifts } from './demo';
import { createEmotes, type Emotes } from './emotes.service';
import { createGifts } from './gifts.service';
import type { LiveRoomsPort } from './rooms';

export type * from './chat.contract';
export type { Chat } from './chat.service';
export type { Emotes } from './emotes.service';
export type { Gifts } from './gifts.service';
export type { ChatRoom, LiveRoomsPort } from './rooms';

interface ChatDeps {
  database: Database;
  bus: Bus;
  limiter: RateLimiter;
  settings: Settings;
  wallet: WalletDomain;
  liveRooms: LiveRoomsPort;
  content: Content;
  storage: FileStorage;
}

/** Live-room chat, moderators, mutes, emotes, gifts, leaderboards and anchors' gift earnings (docs/decisions/020-live-chat.md). */
export const chatModule = defineModule({
  name: 'chat',
  services: ({ database, bus, limiter, settings, wallet, liveRooms, content, storage }: ChatDeps) => {
    const words = content.sensitiveWords;
    const chat = createChat({ db: database.db, bus, limiter, settings, liveRooms, words });
    const emotes = createEmotes({ db: database.db, storage, liveRooms, chat });
    return { chat, emotes, gifts: createGifts({ db: database.db, chat, wallet, settings, storage }) };
  },
  routes: [chatRoutes],
  endpoints: [chatSocket],
  start: async ({
    database,
    settings,
    emotes,
  }: {
    database: Database;
    settings: Settings;
    emotes: Emotes;
  }) => {
    await seedGifts({ database });
    await seedDemoEmotes({ database, settings, emotes });
  },
});
