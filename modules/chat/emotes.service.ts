import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { chatEmotes } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import type { SessionUser } from '../../platform/sessions';
import { EMOTE, EMOTE_MAX_BYTES, EMOTE_SIZE, MAX_ROOM_EMOTES, type RoomEmote } from './chat.contract';
import type { Chat } from './chat.service';
import type { LiveRoomsPort } from './rooms';

/** A square WebP of EMOTE_SIZE pixels of a jpg, png or webp upload (see `reencodeImage`). */
export function emoteImage(data: Buffer): Promise<Buffer> {
  return reencodeImage(
    data,
    { maxBytes: EMOTE_MAX_BYTES, formats: ['jpeg', 'png', 'webp'], rule: 'emoteRule' },
    (image) =>
      image
        .resize(EMOTE_SIZE, EMOTE_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ quality: 85 }),
  );
}

/** `text` with the room's emotes taken out (emote-only mode takes them as emoji). */
export async function withoutEmotes(db: Executor, roomId: number, text: string): Promise<string> {
  if (!text.match(EMOTE)) return text;
  const rows = await db
    .select({ code: chatEmotes.code })
    .from(chatEmotes)
    .where(eq(chatEmotes.roomId, roomId));
  const codes = new Set(rows.map((row) => row.code));
  return text.replace(EMOTE, (token, code: string) => (codes.has(code) ? ' ' : token));
}

/**
 * A room's own emotes (docs/decisions/020-live-chat.md): its anchor (or an administrator) uploads
 * up to MAX_ROOM_EMOTES pictures, each with a code; `:code:` in the room's chat shows the picture.
 */
export function createEmotes({
  db,
  storage,
  liveRooms,
  chat,
}: {
  db: Db;
  storage: FileStorage;
  liveRooms: LiveRoomsPort;
  chat: Pick<Chat, 'emotesChanged'>;
}) {
  async function mayManage(user: SessionUser, roomId: number) {
    const room = await liveRooms.chatRoom(roomId);
    if (!room) throw new AppError('notFound');
    if (room.anchorUserId !== user.uid && !user.roles.includes('admin')) throw new AppError('noPermission');
  }

  /** The room is told its emotes as they are now; the caller answers them too. */
  async function changed(roomId: number): Promise<RoomEmote[]> {
    const emotes = await list(roomId);
    await chat.emotesChanged(roomId, emotes);
    return emotes;
  }

  async function list(roomId: number): Promise<RoomEmote[]> {
    return db
      .select({ code: chatEmotes.code, url: chatEmotes.url })
      .from(chatEmotes)
      .where(eq(chatEmotes.roomId, roomId))
      .orderBy(asc(chatEmotes.createdAt), asc(chatEmotes.code));
  }

  return {
    list,

    /** Adds an emote, or gives an emote of the room a new picture; the room's emotes after. */
    async upload(user: SessionUser, roomId: number, code: string, data: Buffer): Promise<RoomEmote[]> {
      await mayManage(user, roomId);
      const image = await emoteImage(data);
      const url = await storage
        .put(`emotes/${roomId}-${code}-${randomBytes(6).toString('hex')}.webp`, image)
        .catch((err: unknown) => {
          throw new AppError('uploadFailed', { cause: err });
        });
      const replaced = await db
        .transaction(async (tx) => {
          const [old] = await tx
            .select({ url: chatEmotes.url })
            .from(chatEmotes)
            .where(and(eq(chatEmotes.roomId, roomId), eq(chatEmotes.code, code)))
            .for('update');
          if (!old) {
            const [held] = await tx
              .select({ n: count() })
              .from(chatEmotes)
              .where(eq(chatEmotes.roomId, roomId));
            if ((held?.n ?? 0) >= MAX_ROOM_EMOTES) throw new AppError('emoteLimitReached');
          }
          await tx
            .insert(chatEmotes)
            .values({ roomId, code, url })
            .onConflictDoUpdate({ target: [chatEmotes.roomId, chatEmotes.code], set: { url } });
          return old?.url ?? null;
        })
        .catch(async (err: unknown) => {
          await storage.remove(url).catch(() => undefined);
          throw err;
        });
      if (replaced) await storage.remove(replaced).catch(() => undefined);
      return changed(roomId);
    },

    /** Takes an emote out of the room; its code is plain text again. */
    async remove(user: SessionUser, roomId: number, code: string): Promise<RoomEmote[]> {
      await mayManage(user, roomId);
      const [gone] = await db
        .delete(chatEmotes)
        .where(and(eq(chatEmotes.roomId, roomId), eq(chatEmotes.code, code)))
        .returning({ url: chatEmotes.url });
      if (!gone) throw new AppError('notFound');
      await storage.remove(gone.url).catch(() => undefined);
      return changed(roomId);
    },
  };
}

export type Emotes = ReturnType<typeof createEmotes>;
