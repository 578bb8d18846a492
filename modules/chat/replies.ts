import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatEvents, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { MAX_MENTIONS, MENTION, QUOTE_LENGTH, type QuotedMessage, type Sender } from './chat.contract';

/** The start of a text, cut at a whole character (an emoji is not split in two). */
const cut = (text: string) => {
  const chars = [...text];
  return chars.length > QUOTE_LENGTH ? `${chars.slice(0, QUOTE_LENGTH).join('')}…` : text;
};

/** The room's message `seq`, unless it was deleted (or is a gift, or was never said). */
export async function messageOf(db: Executor, roomId: number, seq: number) {
  const [row] = await db
    .select({
      seq: chatEvents.seq,
      sender: chatEvents.sender,
      text: chatEvents.text,
      at: chatEvents.createdAt,
    })
    .from(chatEvents)
    .where(
      and(
        eq(chatEvents.roomId, roomId),
        eq(chatEvents.seq, seq),
        eq(chatEvents.kind, 'msg'),
        isNull(chatEvents.deletedAt),
      ),
    );
  return row;
}

/** The room's message `seq` as a reply quotes it; a message deleted or never said cannot be answered. */
export async function quoted(db: Executor, roomId: number, seq: number): Promise<QuotedMessage> {
  const row = await messageOf(db, roomId, seq);
  if (!row) throw new AppError('replyGone');
  const sender = row.sender as Sender;
  return { seq, uid: sender.uid, name: sender.name, text: cut(row.text) };
}

/**
 * Whom a message mentions: the users its `@name`s name (whatever the case), and the sender of the
 * message it replies to; never its own sender, at most MAX_MENTIONS.
 */
export async function mentioned(
  db: Executor,
  text: string,
  senderUid: number,
  reply: QuotedMessage | undefined,
): Promise<number[]> {
  const names = [...new Set([...text.matchAll(MENTION)].map(([, name]) => name?.toLowerCase() ?? ''))].slice(
    0,
    MAX_MENTIONS,
  );
  const named = names.length
    ? await db
        .select({ uid: users.uid })
        .from(users)
        .where(inArray(sql`lower(${users.username})`, names))
    : [];
  const uids = new Set([...(reply ? [reply.uid] : []), ...named.map((user) => user.uid)]);
  uids.delete(senderUid);
  return [...uids].slice(0, MAX_MENTIONS);
}
