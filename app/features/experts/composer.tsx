import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  EXPERT_PATHS,
  LINE_MARKETS,
  type Market,
  type OwnPlan,
  PICKS,
  PLAN_IMAGES_MAX,
  type PlanDetail,
  type PlanMatchOption,
  type PlanOptions,
  planInput,
  TITLE_MAX,
  TITLE_MIN,
  VIEW_MODES,
} from '../../../modules/experts/experts.contract';
import { CoverField } from '../../components/cover-field';
import { CropDialog } from '../../components/crop-dialog';
import { ImagePickButton } from '../../components/image-upload';
import { RichTextEditor } from '../../components/rich-text-editor';
import {
  buttonClass,
  cardClass,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
  smallButtonClass,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { type FieldLabels, type FieldRefusal, refusalSentence } from '../../lib/field-refusals';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';
import { usePickLabel } from './prediction';

interface Draft {
  gameId: number | '';
  matchId: number | '';
  playLevel: string;
  market: Market | '';
  line: string;
  pick: string;
  odds: string;
  title: string;
  summary: string;
  content: string;
  price: number | '';
  label: string;
  refundOnMiss: boolean;
  viewMode: (typeof VIEW_MODES)[number];
  images: string[];
  cover: string;
}

function draftOf(plan: PlanDetail | null, gameId: number | ''): Draft {
  return {
    gameId: plan?.match.gameId ?? gameId,
    matchId: plan?.match.id ?? '',
    playLevel: plan?.playLevel ?? '',
    market: plan?.prediction?.market ?? '',
    line: plan?.prediction?.line == null ? '' : String(plan.prediction.line),
    pick: plan?.prediction?.pick ?? '',
    odds: plan?.prediction ? String(plan.prediction.odds) : '',
    title: plan?.title ?? '',
    summary: plan?.summary ?? '',
    content: plan?.content ?? '',
    price: plan?.price ?? '',
    label: plan?.label ?? '',
    refundOnMiss: plan?.refundOnMiss ?? false,
    viewMode: plan?.viewMode ?? 'free',
    images: plan?.images ?? [],
    cover: plan?.cover ?? '',
  };
}

/** What the server receives: the draft in the shape of the shared schema. */
function inputOf(draft: Draft, id: number | undefined) {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  return {
    id,
    matchId: draft.matchId === '' ? undefined : draft.matchId,
    playLevel: draft.playLevel,
    prediction: {
      market: draft.market || undefined,
      line: number(draft.line) ?? null,
      pick: draft.pick || undefined,
      odds: number(draft.odds),
    },
    title: draft.title,
    summary: draft.summary,
    content: draft.content.replace(/<br\s*\/?>/g, '').trim() === '' ? '' : draft.content,
    price: draft.price === '' ? undefined : draft.price,
    label: draft.label,
    refundOnMiss: draft.refundOnMiss,
    viewMode: draft.viewMode,
    images: draft.images,
    cover: draft.cover,
  };
}

/**
 * Uploads a plan picture to the experts' own call, which keeps only square ones; the shape is
 * checked here first to answer at once.
 */
function usePlanImageUpload(onUploaded: (url: string) => void) {
  const { t } = useTranslation('experts');
  const locale = useLocale();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const bitmap = await createImageBitmap(file).catch(() => null);
      if (!bitmap || bitmap.width !== bitmap.height)
        throw new ApiFailure(0, t('messages:planImagesRule'), null);
      return uploadFile<{ url: string }>(EXPERT_PATHS.uploadImage, file, locale);
    },
    onSuccess: ({ url }) => onUploaded(url),
  });
  return {
    upload: (file: File) => upload.mutate(file),
    pending: upload.isPending,
    error: failureMessage(upload.error, t('messages:uploadFailed')),
  };
}

/**
 * The plan composer: every rule of spec point 5 checked as the expert types, with the same
 * schema and messages as the server, plus the rules that need the match list (not started, three
 * plans per match), the configured prices and the images' shape. The server checks them all again.
 */
export function PlanComposer({
  options,
  games,
  editing,
  initialGameId,
}: {
  options: PlanOptions;
  games: { gameId: number; name: string }[];
  editing: PlanDetail | null;
  initialGameId: number | '';
}) {
  const { t, i18n } = useTranslation('experts');
  const api = useApi();
  const pickLabel = usePickLabel();
  const [draft, setDraft] = useState(() => draftOf(editing, initialGameId));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K], reset: Partial<Draft> = {}) => {
    setDraft((current) => ({ ...current, [key]: value, ...reset }));
    // Only the field the expert changed is touched: the ones it empties have not been seen yet.
    setTouched((current) => new Set(current).add(key));
  };
  const matches = useQuery({
    queryKey: ['planMatches', draft.gameId],
    enabled: draft.gameId !== '',
    queryFn: () =>
      api.get<PlanMatchOption[]>(EXPERT_PATHS.planMatches, { query: { gameId: Number(draft.gameId) } }),
  });
  const match = matches.data?.find((one) => one.id === draft.matchId);
  const markets = match?.markets ?? [];
  const labels: FieldLabels = {
    matchId: t('compose.match'),
    playLevel: t('compose.level'),
    'prediction.market': t('compose.market'),
    'prediction.line': t('compose.line'),
    'prediction.pick': t('compose.pick'),
    'prediction.odds': t('compose.odds'),
    title: t('compose.planTitle'),
    summary: t('compose.summary'),
    content: t('compose.content'),
    price: t('compose.price'),
    label: t('compose.label'),
    images: t('compose.images'),
    cover: t('compose.cover'),
  };
  const save = useMutation({
    mutationFn: () =>
      api.post<OwnPlan>(EXPERT_PATHS.savePlan, inputOf(draft, editing?.id), { quiet: true, labels }),
  });

  // The shared rules, then those that need what the page knows.
  const errors = new Map<string, string>();
  const parsed = planInput.safeParse(inputOf(draft, editing?.id));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const refusal = refusalOf(issue, (key) => i18n.exists(key, 'messages'));
      if (!errors.has(refusal.field))
        errors.set(refusal.field, refusalSentence(i18n, refusal, labels[refusal.field]));
    }
  if (match && editing?.match.id !== match.id && match.ownPlans >= options.plansPerMatch)
    errors.set('matchId', t('messages:plansPerMatchLimit'));
  if (draft.matchId !== '' && matches.isSuccess && !match && editing?.match.id !== draft.matchId)
    errors.set('matchId', t('messages:planMatchStarted'));
  if (draft.market && match && !markets.includes(draft.market))
    errors.set('prediction.market', t('messages:planMarketRule'));
  if (draft.price !== '' && !options.prices.includes(draft.price))
    errors.set('price', t('messages:planPriceRule'));
  if (draft.images.length > PLAN_IMAGES_MAX) errors.set('images', t('messages:planImagesRule'));
  const shown = (field: string) => ((tried || touched.has(fieldKey(field))) && errors.get(field)) || null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.size === 0) save.mutate();
  };
  // A picked plan picture is cropped to a square before it is uploaded.
  const [cropping, setCropping] = useState<File | null>(null);
  const addImage = usePlanImageUpload((url) =>
    set('images', [...draft.images, url].slice(0, PLAN_IMAGES_MAX)),
  );

  if (save.isSuccess)
    return (
      <div className={`${cardClass} flex flex-col items-center gap-4 py-10 text-center`}>
        <p role="status" className="text-lg font-semibold">
          {t('compose.published')}
        </p>
        <div className="flex gap-2">
          <Link to="/creatorCenter/progManage" className={buttonClass.secondary}>
            {t('creator.nav.plans')}
          </Link>
          <Link to={`/expert/plan/${save.data.id}`} className={buttonClass.primary}>
            {save.data.title}
          </Link>
        </div>
      </div>
    );

  return (
    <form
      onSubmit={submit}
      noValidate
      className={`${cardClass} flex flex-col gap-4`}
      aria-label={t('compose.title')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="plan-game" label={t('compose.game')} error={null}>
          <select
            id="plan-game"
            value={draft.gameId}
            disabled={Boolean(editing)}
            onChange={(event) =>
              set('gameId', Number(event.target.value), { matchId: '', market: '', pick: '', line: '' })
            }
            className={inputClass}
          >
            <option value="">{t('compose.game')}</option>
            {games.map((game) => (
              <option key={game.gameId} value={game.gameId}>
                {game.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="plan-match" label={t('compose.match')} error={shown('matchId')}>
          <select
            id="plan-match"
            value={draft.matchId}
            disabled={Boolean(editing) || draft.gameId === ''}
            onChange={(event) =>
              set('matchId', Number(event.target.value) || '', { market: '', pick: '', line: '' })
            }
            className={inputClass}
          >
            <option value="">{t('compose.chooseMatch')}</option>
            {editing && <option value={editing.match.id}>{matchText(editing.match)}</option>}
            {(matches.data ?? [])
              .filter((one) => one.id !== editing?.match.id)
              .map((one) => (
                <option key={one.id} value={one.id}>
                  {matchText(one)} ({one.ownPlans}/{options.plansPerMatch})
                </option>
              ))}
          </select>
          {matches.isSuccess && matches.data.length === 0 && (
            <p className={hintClass}>{t('compose.noMatches')}</p>
          )}
        </Field>
        <Field id="plan-level" label={t('compose.level')} error={shown('playLevel')}>
          <input
            id="plan-level"
            value={draft.playLevel}
            maxLength={30}
            onChange={(event) => set('playLevel', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="plan-market" label={t('compose.market')} error={shown('prediction.market')}>
          <select
            id="plan-market"
            value={draft.market}
            onChange={(event) => set('market', event.target.value as Market, { pick: '', line: '' })}
            className={inputClass}
          >
            <option value="">{t('compose.market')}</option>
            {(markets.length > 0 ? markets : editing?.prediction ? [editing.prediction.market] : []).map(
              (one) => (
                <option key={one} value={one}>
                  {t(`market.${one}`)}
                </option>
              ),
            )}
          </select>
        </Field>
        {draft.market && LINE_MARKETS.includes(draft.market) && (
          <Field id="plan-line" label={t('compose.line')} error={shown('prediction.line')}>
            <input
              id="plan-line"
              type="number"
              inputMode="decimal"
              step={draft.market === 'map_winner' ? 1 : 0.25}
              value={draft.line}
              onChange={(event) => set('line', event.target.value)}
              className={inputClass}
            />
          </Field>
        )}
        <Field id="plan-pick" label={t('compose.pick')} error={shown('prediction.pick')}>
          <select
            id="plan-pick"
            value={draft.pick}
            onChange={(event) => set('pick', event.target.value)}
            className={inputClass}
          >
            <option value="">{t('compose.pick')}</option>
            {draft.market &&
              PICKS[draft.market].map((pick) => (
                <option key={pick} value={pick}>
                  {pickLabel(pick, match ?? editing?.match ?? { home: t('pick.home'), away: t('pick.away') })}
                </option>
              ))}
          </select>
        </Field>
        <Field id="plan-odds" label={t('compose.odds')} error={shown('prediction.odds')}>
          <input
            id="plan-odds"
            type="number"
            inputMode="decimal"
            step={0.01}
            min={1.01}
            value={draft.odds}
            onChange={(event) => set('odds', event.target.value)}
            className={inputClass}
          />
        </Field>
      </div>
      <Field id="plan-title" label={t('compose.planTitle')} error={shown('title')}>
        <input
          id="plan-title"
          value={draft.title}
          maxLength={TITLE_MAX + 20}
          aria-describedby="plan-title-hint"
          onChange={(event) => set('title', event.target.value)}
          className={inputClass}
        />
        <p id="plan-title-hint" className={`${hintClass} tabular-nums`}>
          {t('compose.titleHint')} · {draft.title.trim().length}/{TITLE_MAX}
          {draft.title.trim().length > 0 && draft.title.trim().length < TITLE_MIN && ' ✕'}
        </p>
      </Field>
      <Field id="plan-summary" label={t('compose.summary')} error={shown('summary')}>
        <textarea
          id="plan-summary"
          rows={2}
          value={draft.summary}
          onChange={(event) => set('summary', event.target.value)}
          className={inputClass}
        />
      </Field>
      <div>
        <span id="plan-content-label" className={labelClass}>
          {t('compose.content')}
        </span>
        <RichTextEditor
          id="plan-content"
          initialHtml={editing?.content ?? ''}
          onChange={(html) => set('content', html)}
        />
        <FieldError error={shown('content')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="plan-price" label={t('compose.price')} error={shown('price')}>
          <select
            id="plan-price"
            value={draft.price}
            onChange={(event) => set('price', event.target.value === '' ? '' : Number(event.target.value))}
            className={inputClass}
          >
            <option value="">{t('compose.price')}</option>
            {options.prices.map((price) => (
              <option key={price} value={price}>
                {price === 0 ? t('plan.free') : t('plan.price', { amount: price })}
              </option>
            ))}
          </select>
        </Field>
        <Field id="plan-label" label={t('compose.label')} error={shown('label')}>
          <input
            id="plan-label"
            value={draft.label}
            maxLength={20}
            onChange={(event) => set('label', event.target.value)}
            className={inputClass}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.refundOnMiss}
          onChange={(event) => set('refundOnMiss', event.target.checked)}
          className="size-4 accent-[var(--color-brand)]"
        />
        {t('compose.refund')}
      </label>
      <fieldset>
        <legend className={labelClass}>{t('compose.viewMode')}</legend>
        <div className="flex gap-4">
          {VIEW_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="viewMode"
                value={mode}
                checked={draft.viewMode === mode}
                onChange={() => set('viewMode', mode)}
                className="accent-[var(--color-brand)]"
              />
              {t(`compose.viewModes.${mode}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <span className={labelClass}>{t('compose.images')}</span>
        <div className="flex flex-wrap items-center gap-2">
          {draft.images.map((src) => (
            <div key={src} className="relative">
              <img src={src} alt="" className="size-20 rounded-lg object-cover" />
              <button
                type="button"
                aria-label={t('creator.manage.delete')}
                onClick={() =>
                  set(
                    'images',
                    draft.images.filter((one) => one !== src),
                  )
                }
                className="absolute -end-2 -top-2 flex size-6 items-center justify-center rounded-full bg-zinc-900 text-xs text-white"
              >
                ✕
              </button>
            </div>
          ))}
          {draft.images.length < PLAN_IMAGES_MAX && (
            <ImagePickButton
              label={t('compose.images')}
              onPick={setCropping}
              disabled={addImage.pending}
              className={smallButtonClass.secondary}
            >
              +
            </ImagePickButton>
          )}
        </div>
        <FieldError error={shown('images') ?? addImage.error} />
        <CropDialog
          file={cropping}
          onCropped={(file) => {
            setCropping(null);
            addImage.upload(file);
          }}
          onClose={() => setCropping(null)}
        />
      </div>
      <div>
        <CoverField
          id="plan-cover"
          label={t('compose.cover')}
          value={draft.cover}
          onChange={(url) => set('cover', url)}
        />
        <FieldError error={shown('cover')} />
      </div>
      <FormStatus error={failureMessage(save.error, t('messages:requestFailed'))} />
      <button type="submit" disabled={save.isPending} className={`${buttonClass.primary} self-start`}>
        {t('compose.submit')}
      </button>
    </form>
  );
}

/** The draft field a rule's path belongs to ("prediction.market" is the market field). */
const fieldKey = (path: string) => (path.startsWith('prediction.') ? path.slice('prediction.'.length) : path);

/**
 * A broken rule as the server would name it: its own catalogue message where the schema names
 * one, "required" for a field left empty, else what is wrong with the value.
 */
function refusalOf(issue: z.core.$ZodIssue, inCatalogue: (key: string) => boolean): FieldRefusal {
  const field = issue.path.map(String).join('.') || 'prediction.market';
  if (issue.message === 'planFieldsRequired') return { field, reason: 'required' };
  if (inCatalogue(issue.message)) return { field, reason: issue.message };
  const text = 'origin' in issue && issue.origin === 'string';
  if (issue.code === 'too_small')
    return { field, reason: text ? 'tooShort' : 'tooSmall', params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big')
    return { field, reason: text ? 'tooLong' : 'tooBig', params: { max: Number(issue.maximum) } };
  return { field, reason: 'invalidValue' };
}

/** A match as an option: kick-off in the visitor's time, league, sides. */
function matchText(match: { league: string; home: string; away: string; startTime: number }) {
  const time = new Date(match.startTime).toLocaleString(undefined, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${time} ${match.league}: ${match.home} – ${match.away}`;
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError error={error} />
    </div>
  );
}

function FieldError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
      {error}
    </p>
  );
}
