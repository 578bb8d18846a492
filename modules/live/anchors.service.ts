import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { anchors, liveRooms, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Page } from '../../lib/paging';
import { audit } from '../../platform/audit';
import { type FileStorage, UPLOADS_PREFIX } from '../../platform/file-storage';
import { reencodeImage } from '../../platform/image-check';
import type { SessionUser } from '../../platform/sessions';
import { checkIdDocument } from './id-number';
import {
  type AnchorApplication,
  type AnchorApplicationInput,
  type AnchorIp,
  type AnchorProfileInput,
  type AnchorWhether,
  type ApplicationForReview,
  ID_PHOTO_MAX_BYTES,
  type IdDocumentType,
  idPhotoPath,
  PICTURE_MAX_BYTES,
  type PictureKind,
  type ReviewInput,
} from './live.contract';

export type AnchorRow = typeof anchors.$inferSelect;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const mask = (id: string) => `${id.slice(0, 3)}${'*'.repeat(Math.max(0, id.length - 7))}${id.slice(-4)}`;

export interface AnchorsDeps {
  db: Db;
  storage: FileStorage;
  /** The folder of the uploads served at /uploads/ (to check a saved picture's shape). */
  uploadsDir: string;
  /** Private files (ID photos), never served as they are. */
  privateDir: string;
  /** Ends the anchor's live and closes its room when banned; reopens it when unbanned. */
  onBan(userId: number, banned: boolean): Promise<void>;
}

/**
 * Anchors: certification (application with ID rules and private photos, the review queue),
 * profile, stream key and push allow-list, and the publish check of a key.
 */
export function createAnchors(deps: AnchorsDeps) {
  const { db, storage } = deps;
  const photoDir = (userId: number) => path.join(deps.privateDir, 'anchor-id', String(userId));

  async function row(userId: number): Promise<AnchorRow | undefined> {
    const [found] = await db.select().from(anchors).where(eq(anchors.userId, userId));
    return found;
  }

  function applicationOf(found: AnchorRow): AnchorApplication {
    return {
      state: found.state as AnchorApplication['state'],
      name: found.name,
      documentType: found.documentType as IdDocumentType,
      idNumber: mask(found.idNumber),
      birthDate: found.birthDate,
      introduction: found.introduction,
      content: found.content,
      phone: found.phone,
      photos: {
        front: idPhotoPath(found.photoFront),
        back: idPhotoPath(found.photoBack),
        holding: idPhotoPath(found.photoHolding),
      },
      rejectReason: found.rejectReason,
      banReason: found.banReason,
      appliedAt: found.appliedAt.toISOString(),
      reviewedAt: found.reviewedAt?.toISOString() ?? null,
    };
  }

  async function photoExists(userId: number, photoId: string): Promise<boolean> {
    try {
      await readFile(path.join(photoDir(userId), `${photoId}.webp`));
      return true;
    } catch {
      return false;
    }
  }

  /** A picture this anchor uploaded here, as a file of the uploads folder; null for any other address. */
  const uploadedFile = (userId: number, url: string) =>
    url.startsWith(`${UPLOADS_PREFIX}anchors/${userId}-`) && /^[\w/.-]+$/.test(url)
      ? path.join(deps.uploadsDir, url.slice(UPLOADS_PREFIX.length))
      : null;

  return {
    row,

    /** An approved anchor, or the rule that stops the caller: not approved, or banned. */
    async approved(userId: number): Promise<AnchorRow> {
      const found = await row(userId);
      if (found?.state === 'banned') throw new AppError('anchorBanned');
      if (found?.state !== 'approved') throw new AppError('anchorNotApproved');
      return found;
    },

    async isBanned(userId: number): Promise<boolean> {
      return (await row(userId))?.state === 'banned';
    },

    async whether(userId: number): Promise<AnchorWhether> {
      const [account] = await db.select({ phone: users.phone }).from(users).where(eq(users.uid, userId));
      const found = await row(userId);
      return {
        state: found ? (found.state as AnchorWhether['state']) : 'none',
        rejectReason: found?.rejectReason ?? null,
        banReason: found?.banReason ?? null,
        phoneBound: !!account?.phone,
      };
    },

    async application(userId: number): Promise<AnchorApplication | null> {
      const found = await row(userId);
      return found ? applicationOf(found) : null;
    },

    /** Stores an ID photo privately (re-encoded, metadata dropped); answers its id. */
    async uploadIdPhoto(userId: number, data: Buffer): Promise<{ photoId: string }> {
      const image = await reencodeImage(
        data,
        { maxBytes: ID_PHOTO_MAX_BYTES, formats: ['jpeg', 'png', 'webp'], rule: 'imageRule' },
        (image) =>
          image.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
      );
      const photoId = randomBytes(16).toString('hex');
      await mkdir(photoDir(userId), { recursive: true });
      await writeFile(path.join(photoDir(userId), `${photoId}.webp`), image);
      return { photoId };
    },

    /** An ID photo for its applicant or a reviewer; null for anyone else or an unknown id. */
    async idPhoto(viewer: SessionUser, photoId: string): Promise<Buffer | null> {
      if (!/^[0-9a-f]{32}$/.test(photoId)) return null;
      let owner = viewer.uid;
      if (viewer.roles.includes('admin')) {
        const [found] = await db
          .select({ userId: anchors.userId })
          .from(anchors)
          .where(
            or(
              eq(anchors.photoFront, photoId),
              eq(anchors.photoBack, photoId),
              eq(anchors.photoHolding, photoId),
            ),
          );
        owner = found?.userId ?? viewer.uid;
      }
      try {
        return await readFile(path.join(photoDir(owner), `${photoId}.webp`));
      } catch {
        return null;
      }
    },

    /** POST /V2/anchor/user: the rules of spec points 5 and 9, then the application goes to review. */
    async apply(userId: number, input: AnchorApplicationInput, now = new Date()): Promise<AnchorApplication> {
      const [account] = await db.select({ phone: users.phone }).from(users).where(eq(users.uid, userId));
      if (!account?.phone) throw new AppError('noPhoneBound');
      const document = checkIdDocument(input.documentType, input.idNumber, input.birthDate, now);
      if ('rule' in document) throw new AppError(document.rule);
      const photos = [input.photoFront, input.photoBack, input.photoHolding];
      const present = await Promise.all(photos.map((id) => !!id && photoExists(userId, id)));
      if (present.includes(false)) throw new AppError('idPhotosRequired');
      const existing = await row(userId);
      if (existing && existing.state !== 'rejected') {
        throw new AppError(existing.state === 'banned' ? 'anchorBanned' : 'anchorApplicationExists');
      }
      const values = {
        userId,
        state: 'review',
        name: input.name,
        documentType: input.documentType,
        idNumber: input.idNumber.toUpperCase(),
        birthDate: document.birthDate,
        introduction: input.introduction,
        content: input.content,
        phone: account.phone,
        photoFront: input.photoFront as string,
        photoBack: input.photoBack as string,
        photoHolding: input.photoHolding as string,
        rejectReason: null,
        reviewedAt: null,
        appliedAt: now,
      };
      const [saved] = await db
        .insert(anchors)
        .values(values)
        .onConflictDoUpdate({ target: anchors.userId, set: values, where: eq(anchors.state, 'rejected') })
        .returning();
      if (!saved) throw new AppError('anchorApplicationExists');
      return applicationOf(saved);
    },

    async queue(state: string, pageIndex: number, pageSize = 20): Promise<Page<ApplicationForReview>> {
      const rows = await db
        .select({ anchor: anchors, username: users.username })
        .from(anchors)
        .innerJoin(users, eq(users.uid, anchors.userId))
        .where(eq(anchors.state, state))
        .orderBy(desc(anchors.appliedAt))
        .limit(pageSize + 1)
        .offset((pageIndex - 1) * pageSize);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(anchors)
        .where(eq(anchors.state, state));
      return {
        list: rows.slice(0, pageSize).map(({ anchor, username }) => ({
          ...applicationOf(anchor),
          idNumber: anchor.idNumber,
          userId: anchor.userId,
          username,
        })),
        total: total?.n ?? 0,
        pageIndex,
        pageSize,
      } as Page<ApplicationForReview>;
    },

    /** An administrator's decision on an anchor, audited in its transaction; approval grants the anchor role. */
    async review(admin: SessionUser, input: ReviewInput): Promise<AnchorWhether> {
      const allowed: Record<ReviewInput['action'], string[]> = {
        approve: ['review', 'rejected'],
        reject: ['review'],
        ban: ['review', 'approved'],
        unban: ['banned'],
      };
      const next = { approve: 'approved', reject: 'rejected', ban: 'banned', unban: 'approved' }[
        input.action
      ];
      await db.transaction(async (tx) => {
        const [found] = await tx.select().from(anchors).where(eq(anchors.userId, input.userId)).for('update');
        if (!found) throw new AppError('notFound');
        if (!allowed[input.action].includes(found.state)) {
          throw new AppError('formatError', { issues: [{ field: 'body.action', reason: 'invalidValue' }] });
        }
        await tx
          .update(anchors)
          .set({
            state: next,
            reviewedAt: new Date(),
            rejectReason: input.action === 'reject' ? input.reason : null,
            banReason: input.action === 'ban' ? input.reason : null,
          })
          .where(eq(anchors.userId, input.userId));
        if (input.action === 'approve' || input.action === 'unban') {
          await tx
            .update(users)
            .set({ roles: sql`array_append(array_remove(${users.roles}, 'anchor'), 'anchor')` })
            .where(eq(users.uid, input.userId));
        }
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: input.userId,
          action: `anchor_${input.action}`,
          reason: input.reason || null,
        });
      });
      if (input.action === 'ban' || input.action === 'unban')
        await deps.onBan(input.userId, input.action === 'ban');
      return this.whether(input.userId);
    },

    /** An anchor's picture: cover, room cover, or a detail picture, which must be 1:1. */
    async uploadPicture(userId: number, kind: PictureKind, data: Buffer): Promise<{ url: string }> {
      const image = await reencodeImage(
        data,
        { maxBytes: PICTURE_MAX_BYTES, formats: ['jpeg', 'png', 'webp'], rule: 'imageRule' },
        (image) =>
          image.resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }),
      );
      if (kind === 'detail') {
        const { width, height } = await sharp(image).metadata();
        if (!width || width !== height) throw new AppError('pictureNotSquare');
      }
      const url = await storage.put(
        `anchors/${userId}-${kind}-${randomBytes(8).toString('hex')}.webp`,
        image,
      );
      return { url };
    },

    /** POST /updateAnchor: the detail pictures must be this anchor's uploads, each 1:1. */
    async updateProfile(userId: number, input: AnchorProfileInput): Promise<void> {
      await this.approved(userId);
      for (const url of input.pictures) {
        const file = uploadedFile(userId, url);
        const size = file
          ? await sharp(file)
              .metadata()
              .catch(() => null)
          : null;
        if (!size?.width || size.width !== size.height) throw new AppError('pictureNotSquare');
      }
      await db
        .update(anchors)
        .set({
          introduction: input.introduction || sql`${anchors.introduction}`,
          detail: input.detail,
          pictures: input.pictures,
          cover: input.cover ?? null,
        })
        .where(eq(anchors.userId, userId));
    },

    /** A new stream key, shown once; only its hash is kept. */
    async resetStreamKey(userId: number): Promise<string> {
      await this.approved(userId);
      const key = `${userId}_${randomBytes(18).toString('base64url')}`;
      await db
        .update(anchors)
        .set({ streamKeyHash: sha256(key) })
        .where(eq(anchors.userId, userId));
      return key;
    },

    async ipAllowList(userId: number, currentIp: string): Promise<AnchorIp> {
      const found = await this.approved(userId);
      return { currentIp, allowList: found.ipAllowList };
    },

    async setIpAllowList(userId: number, ips: string[], currentIp: string): Promise<AnchorIp> {
      await this.approved(userId);
      const allowList = [...new Set(ips)];
      await db.update(anchors).set({ ipAllowList: allowList }).where(eq(anchors.userId, userId));
      return { currentIp, allowList };
    },

    /**
     * The publish check of a key: the room of an approved, unbanned anchor whose room is set up
     * and open, pushing from an allowed IP; null otherwise.
     */
    async roomForKey(streamKey: string, ip: string): Promise<number | null> {
      if (!streamKey || streamKey.length > 200) return null;
      const [found] = await db
        .select({ roomId: liveRooms.id, allowList: anchors.ipAllowList })
        .from(anchors)
        .innerJoin(liveRooms, eq(liveRooms.anchorId, anchors.userId))
        .where(
          and(
            eq(anchors.streamKeyHash, sha256(streamKey)),
            eq(anchors.state, 'approved'),
            eq(liveRooms.closed, false),
          ),
        );
      if (!found) return null;
      const plainIp = ip.replace(/^::ffff:/, '');
      if (found.allowList.length > 0 && !found.allowList.includes(plainIp)) return null;
      return found.roomId;
    },

    async byIds(ids: number[]): Promise<AnchorRow[]> {
      return ids.length ? db.select().from(anchors).where(inArray(anchors.userId, ids)) : [];
    },
  };
}

export type Anchors = ReturnType<typeof createAnchors>;
