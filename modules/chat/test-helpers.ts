import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { users } from '../../db/schema/index';
import { cleanUpAfterFile } from '../../test/databases';
import type { ChatEvent, ChatServerMessage } from './chat.contract';
import type { ChatRoom, LiveRoomsPort } from './rooms';

/** The tests' own live rooms: a map they change, and a set of banned anchors. */
export function fakeLiveRooms() {
  const rooms = new Map<number, ChatRoom>();
  const banned = new Set<number>();
  const port: LiveRoomsPort = {
    chatRoom: async (roomId) => rooms.get(roomId) ?? null,
    isBannedAnchor: async (userId) => banned.has(userId),
  };
  return { rooms, banned, port };
}

/** Puts the fake in place of the app's `liveRooms` (chat calls the port's methods on each use). */
export function useFakeLiveRooms(app: FastifyInstance, fake: ReturnType<typeof fakeLiveRooms>) {
  Object.assign(app.services.liveRooms, fake.port);
}

let serial = 0;

/** A registered, signed-in user with the given roles and level. */
export async function person(app: FastifyInstance, roles: string[] = ['user'], level = 1) {
  serial += 1;
  const row = await app.services.accounts.register({
    email: `chat${serial}-${Date.now()}@example.com`,
    source: 'email',
    type: 1,
  });
  await app.services.database.db.update(users).set({ roles, level }).where(eq(users.uid, row.uid));
  const { token } = await app.services.accounts.loggedIn(row, true, { ip: '127.0.0.1' });
  return { uid: row.uid, username: row.username, token };
}

const catalogues = new Map<string, Record<string, string>>();

/** A catalogue message as the locale's messages.json has it. */
export function catalogueText(locale: string, key: string): string {
  let messages = catalogues.get(locale);
  if (!messages) {
    const file = path.resolve(import.meta.dirname, `../../app/i18n/locales/${locale}/messages.json`);
    messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    catalogues.set(locale, messages);
  }
  return messages[key] as string;
}

export async function listen(app: FastifyInstance): Promise<string> {
  cleanUpAfterFile(() => app.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

/** A viewer's socket on /ws/chat: every message it was sent, and waits for conditions on them. */
export async function chatClient(base: string) {
  const socket = new WebSocket(`${base}/ws/chat`);
  const messages: ChatServerMessage[] = [];
  socket.on('message', (raw) => messages.push(...JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  cleanUpAfterFile(async () => void socket.terminate());
  /** Resolves once `check` holds for the messages received so far (polled, up to 10 s). */
  const until = async (check: (all: ChatServerMessage[]) => boolean, what: string) => {
    for (let i = 0; i < 1000; i++) {
      if (check(messages)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`never received ${what}: ${JSON.stringify(messages).slice(0, 500)}`);
  };
  /** The chat events received, in the order they arrived (history first). */
  const events = (): ChatEvent[] =>
    messages.flatMap((m) => (m.op === 'ev' ? [m.e] : m.op === 'reset' ? m.history : []));
  return {
    socket,
    messages,
    events,
    until,
    join: (roomId: number, since?: number) => socket.send(JSON.stringify({ op: 'join', roomId, since })),
    close: () =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
