import { z } from 'zod';
import { gameById } from '../catalog/catalog.contract';

/** What the content calls and pages exchange, shared by the server and the browser. */

export const NEWS_PAGE_SIZE = 12;
export const VIDEO_PAGE_SIZE = 12;

/** The `type` of `/user/{userId}/{type}/{pageIndex}`: what of a user's publications to list. */
export const PUBLICATION_TYPES = { articles: 1, videos: 2 } as const;
export type PublicationType = (typeof PUBLICATION_TYPES)[keyof typeof PUBLICATION_TYPES];
export const COMMENT_PAGE_SIZE = 10;
export const COMMENT_MAX_LENGTH = 500;
/** A user may post this many comments a minute. */
export const COMMENTS_PER_MINUTE = 5;
/** Who writes articles: creators (experts, once their application is approved) and administrators. */
export const CREATOR_ROLES = ['expert', 'admin'] as const;

/** Pictures creators upload for articles: the formats, the largest file and the longest side kept. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1600;
export const UPLOADS_PER_HOUR = 60;
/** Uploaded videos: MP4 (H.264) up to this size. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;

/** An uploaded video, ready to be the source of a video. */
export interface VideoUpload {
  source: string;
  cover: string;
  durationSeconds: number;
}

export const ARTICLE_STATUSES = ['review', 'published', 'rejected'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const COMMENT_TARGETS = ['article', 'video'] as const;
export type CommentTarget = (typeof COMMENT_TARGETS)[number];
export const LIKE_TARGETS = ['article', 'video', 'comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];
export const COMMENT_ORDERS = ['new', 'top'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

export const idRule = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export interface Author {
  uid: number;
  username: string;
  avatar: string | null;
}

/** An article in a list: everything but the body. */
export interface ArticleSummary {
  id: number;
  gameId: number;
  game: string;
  title: string;
  summary: string;
  cover: string | null;
  tags: string[];
  author: Author;
  status: ArticleStatus;
  rejectReason: string | null;
  views: number;
  likes: number;
  comments: number;
  publishedAt: string | null;
  createdAt: string;
}

export interface Article extends ArticleSummary {
  /** Sanitised HTML. */
  body: string;
  relatedMatchId: string | null;
  relatedTeam: string | null;
  /** Whether the caller liked it (false for guests). */
  liked: boolean;
}

export interface Video {
  id: number;
  gameId: number;
  game: string;
  title: string;
  summary: string;
  cover: string | null;
  durationSeconds: number;
  /** An MP4 file or an HLS playlist (.m3u8); null while there is nothing to play. */
  source: string | null;
  views: number;
  likes: number;
  comments: number;
  publishedAt: string;
  liked: boolean;
}

export interface Comment {
  id: number;
  parentId: number | null;
  author: Author;
  body: string;
  likes: number;
  replies: number;
  liked: boolean;
  /** The caller may delete it: its author or an administrator. */
  deletable: boolean;
  createdAt: string;
}

export interface CommentThread extends Comment {
  /** The replies, oldest first (one level only). */
  replyList: Comment[];
}

export type { Page } from '../../lib/paging';

/** What articles and videos both have: a game, a title, a summary and a cover picture. */
const publicationFields = {
  gameId: z.coerce.number().int().min(0),
  title: z.string().trim().min(4).max(120),
  summary: z.string().trim().max(300).default(''),
  cover: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/uploads\/|https:\/\/)/)
    .nullish(),
};

export const articleInput = z.object({
  ...publicationFields,
  body: z.string().min(1).max(100_000),
  tags: z.array(z.string().trim().min(1).max(20)).max(8).default([]),
  relatedMatchId: z.string().trim().max(64).nullish(),
  relatedTeam: z.string().trim().max(80).nullish(),
});
export type ArticleInput = z.infer<typeof articleInput>;

/**
 * A video an administrator posts: an MP4 uploaded through /creator/uploadVideo (with the cover and
 * length that call answered) or an HLS playlist on an https address.
 */
export const videoInput = z.object({
  ...publicationFields,
  source: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/uploads\/videos\/[0-9a-f]{32}\.mp4|https:\/\/[^\s?#]+\.m3u8(\?\S*)?)$/),
  durationSeconds: z.coerce.number().int().min(0).max(86_400).default(0),
});
export type VideoInput = z.infer<typeof videoInput>;

/**
 * Why a reader reports something. The site sends `reason` as the code, or as "code: details";
 * other callers may send plain words, which administrators see as they are.
 */
export const REPORT_REASONS = ['spam', 'abuse', 'illegal', 'misinformation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportReasonText = (reason: ReportReason, details: string): string =>
  details.trim() ? `${reason}: ${details.trim()}` : reason;

/** A report's reason as the site wrote it: its code (null for plain words) and the details. */
export function readReportReason(text: string): { reason: ReportReason | null; details: string } {
  const [head = '', ...rest] = text.split(': ');
  const reason = REPORT_REASONS.find((code) => code === head);
  return reason ? { reason, details: rest.join(': ') } : { reason: null, details: text };
}

/** What an administrator does with a reported article, video or comment. */
export const REPORT_ACTIONS = ['remove', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** One reported thing in the administrators' queue, with its open reports. */
export interface ReportedItem {
  targetType: LikeTarget;
  targetId: number;
  /** A comment's text, or an article's or a video's title; null once it is gone. */
  text: string | null;
  /** The page that shows it; null once it is gone. */
  path: string | null;
  author: string | null;
  reports: number;
  /** The latest reasons given, newest first. */
  reasons: { reason: string; reporter: string | null; createdAt: string }[];
}

export const commentInput = z.object({
  targetType: z.enum(COMMENT_TARGETS),
  targetId: idRule,
  parentId: idRule.nullish(),
  body: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
});
export type CommentInput = z.infer<typeof commentInput>;

/** A video's source kind, from its URL: HLS playlists end in .m3u8. */
export function isHls(source: string): boolean {
  return /\.m3u8(\?|$)/.test(source);
}

/** The path segment of a stored game id; an id the catalogue no longer has counts as 'other'. */
export function gameSlug(gameId: number): string {
  return gameById(gameId)?.slug ?? 'esportsother';
}
