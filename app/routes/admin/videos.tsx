import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import {
  VIDEO_MAX_BYTES,
  VIDEO_PAGE_SIZE,
  type Video,
  type VideoUpload,
} from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { CoverField } from '../../components/cover-field';
import {
  Card,
  DateTime,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
  Pager,
  pageInQuery,
  smallButtonClass,
} from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { GameField, TextField } from '../../features/content/form-fields';
import { pageParam } from '../../features/content/loaders.server';
import { formatDuration } from '../../features/content/video-card';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/videos';

/** /admin/videos: post a video (an uploaded MP4 or an HLS address) and delete videos, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const latest = await services.content.videos.list({
    gameId: null,
    pageIndex: pageParam(request),
    pageSize: VIDEO_PAGE_SIZE,
  });
  return {
    title: `${services.i18n.t(locale, 'admin:sections.videos.title')} – ${services.i18n.t(locale, 'admin:title')}`,
    resources: services.i18n.resources(locale, ['content']),
    games: services.catalog.list(locale).map(({ gameId, name }) => ({ gameId, name })),
    latest,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { latest } = loaderData;
  const location = useLocation();
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4">
        <PostVideo games={loaderData.games} />
        <Card dense title={t('videos.latest')}>
          {latest.list.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('videos.empty')}</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {latest.list.map((video) => (
                <VideoItem key={video.id} video={video} />
              ))}
            </ul>
          )}
          <Pager
            page={latest.pageIndex}
            pages={Math.ceil(latest.total / latest.pageSize)}
            hasNext={latest.pageIndex * latest.pageSize < latest.total}
            hrefOf={pageInQuery(location.search)}
            dense
          />
        </Card>
      </div>
    </RouteTranslations>
  );
}

/** Uploads a picked MP4; the server checks it, takes a cover frame and reads its length. */
function useVideoUpload(onUploaded: (upload: VideoUpload) => void) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > VIDEO_MAX_BYTES || file.type !== 'video/mp4')
        throw new ApiFailure(6022, t('messages:videoRule'), null);
      return uploadFile<VideoUpload>('/creator/uploadVideo', file, locale);
    },
    onSuccess: onUploaded,
  });
  return {
    upload: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (file) upload.mutate(file);
    },
    pending: upload.isPending,
    error: failureMessage(upload.error, t('messages:uploadFailed')),
  };
}

function PostVideo({ games }: { games: { gameId: number; name: string }[] }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const revalidator = useRevalidator();
  const [source, setSource] = useState('');
  const [cover, setCover] = useState('');
  const [seconds, setSeconds] = useState('');
  const upload = useVideoUpload((uploaded) => {
    setSource(uploaded.source);
    setCover(uploaded.cover);
    setSeconds(String(uploaded.durationSeconds));
  });
  const save = useMutation({
    mutationFn: (form: HTMLFormElement) => {
      const fields = new FormData(form);
      return api.post<Video>(
        '/admin/videos',
        {
          gameId: Number(fields.get('gameId')),
          title: String(fields.get('title')),
          summary: String(fields.get('summary')),
          source,
          cover: cover || null,
          durationSeconds: Number(seconds) || 0,
        },
        { quiet: true },
      );
    },
    onSuccess: (_video, form) => {
      form.reset();
      setSource('');
      setCover('');
      setSeconds('');
      revalidator.revalidate();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(event.currentTarget);
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900"
    >
      <h1 className="text-xl font-bold">{t('videos.post')}</h1>
      <GameField id="video-game" label={t('videos.game')} games={games} />
      <TextField
        id="video-title"
        label={t('videos.titleLabel')}
        name="title"
        required
        minLength={4}
        maxLength={120}
      />
      <TextField id="video-summary" label={t('videos.summary')} name="summary" maxLength={300} />
      <div>
        <label htmlFor="video-source" className={labelClass}>
          {t('videos.source')}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="video-source"
            required
            inputMode="url"
            value={source}
            onChange={(event) => setSource(event.target.value)}
            aria-describedby="video-source-hint"
            className={`${inputClass} min-w-0 flex-1 basis-64`}
          />
          <label
            className={`${smallButtonClass.secondary} cursor-pointer has-disabled:cursor-wait has-disabled:opacity-60`}
          >
            {upload.pending ? t('videos.uploading') : t('videos.upload')}
            <input
              type="file"
              accept="video/mp4"
              className="sr-only"
              disabled={upload.pending}
              onChange={upload.upload}
            />
          </label>
        </div>
        <p id="video-source-hint" className={hintClass}>
          {t('videos.sourceHint')}
        </p>
        <FormStatus error={upload.error} />
      </div>
      <CoverField id="video-cover" value={cover} onChange={setCover} />
      <TextField
        id="video-duration"
        label={t('videos.duration')}
        type="number"
        min={0}
        max={86400}
        value={seconds}
        onChange={(event) => setSeconds(event.target.value)}
      />
      <FormStatus
        ok={save.isSuccess ? t('videos.posted') : null}
        error={failureMessage(save.error, t('messages:requestFailed'))}
      />
      <button
        type="submit"
        disabled={save.isPending || upload.pending}
        className={`${smallButtonClass.primary} self-start`}
      >
        {t('videos.submit')}
      </button>
    </form>
  );
}

function VideoItem({ video }: { video: Video }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const revalidator = useRevalidator();
  const remove = useMutation({
    mutationFn: () => api.post('/admin/videos/delete', { id: video.id }),
    onSuccess: () => revalidator.revalidate(),
  });
  const confirmAndRemove = () => {
    if (window.confirm(t('videos.confirmDelete', { title: video.title }))) remove.mutate();
  };
  return (
    <li className="flex items-center gap-3 py-3">
      {video.cover ? (
        <img src={video.cover} alt="" className="h-14 w-24 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="h-14 w-24 shrink-0 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      )}
      <div className="min-w-0 flex-1">
        <Link
          to={`/videos/${video.game}/${video.id}`}
          className="line-clamp-2 font-medium hover:text-brand-ink"
        >
          {video.title}
        </Link>
        <p className="text-xs text-zinc-500">
          {formatDuration(video.durationSeconds)} · <DateTime value={video.publishedAt} />
        </p>
      </div>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={confirmAndRemove}
        className={smallButtonClass.danger}
      >
        {t('videos.delete')}
      </button>
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
