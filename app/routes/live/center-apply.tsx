import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  type AnchorApplication,
  type AnchorProfile,
  type AnchorWhether,
  CONTENT_RULES,
  DETAIL_PICTURES_MAX,
  ID_DOCUMENT_TYPES,
  ID_PHOTO_SIDES,
  type IdDocumentType,
  type IdPhotoSide,
  idPhotoPath,
} from '../../../modules/live/live.contract';
import {
  buttonClass,
  Card,
  ErrorState,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
  mutedClass,
  Skeleton,
} from '../../components/ui';
import { PhotoField } from '../../features/live/photo-field';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

/** /anchorCenter: the certification state, the application form, the content rules in full. */
export default function AnchorApplicationPage() {
  const whether = useLiveCall<AnchorWhether>('/anchor/whether');
  if (whether.failed) return <ErrorState onRetry={whether.reload} />;
  if (!whether.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const { state } = whether.data;
  return (
    <div className="flex flex-col gap-4">
      <StateBanner whether={whether.data} />
      {state === 'approved' && <ProfileForm />}
      {state === 'none' || state === 'rejected' ? (
        <ApplicationForm phoneBound={whether.data.phoneBound} onSent={whether.reload} />
      ) : (
        <SentApplication />
      )}
      <ContentRules />
    </div>
  );
}

function StateBanner({ whether }: { whether: AnchorWhether }) {
  const { t } = useTranslation('live');
  const tone = {
    none: 'bg-white shadow-sm dark:bg-zinc-900',
    review: 'bg-amber-100 text-amber-950',
    approved: 'bg-emerald-100 text-emerald-950',
    rejected: 'bg-red-100 text-red-950',
    banned: 'bg-red-600 text-white',
  }[whether.state];
  return (
    <div role="status" data-state={whether.state} className={`rounded-2xl p-4 ${tone}`}>
      <p className="font-semibold">{t(`certification.${whether.state}`)}</p>
      {whether.state === 'rejected' && whether.rejectReason && (
        <p className="mt-1 text-sm">{t('certification.reason', { reason: whether.rejectReason })}</p>
      )}
      {whether.state === 'banned' && (
        <p className="mt-1 text-sm">{t('certification.banNotice', { reason: whether.banReason ?? '' })}</p>
      )}
      {whether.state === 'approved' && (
        <Link to="/anchorCenter/live" className="mt-2 inline-block text-sm underline">
          {t('certification.goLive')}
        </Link>
      )}
    </div>
  );
}

/** The application as sent, with its private ID photos. */
function SentApplication() {
  const { t } = useTranslation('live');
  const application = useLiveCall<AnchorApplication | null>('/anchor/status');
  if (application.failed) return <ErrorState onRetry={application.reload} />;
  if (!application.data) return null;
  const sent = application.data;
  const rows: [string, string][] = [
    [t('apply.name'), sent.name],
    [t('apply.idNumber'), sent.idNumber],
    [t('apply.birthDate'), sent.birthDate],
    [t('apply.phone'), sent.phone],
    [t('apply.introduction'), sent.introduction],
    [t('apply.content'), sent.content],
  ];
  return (
    <Card title={t('apply.sent')} id="apply-sent">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 grid grid-cols-3 gap-2">
        {ID_PHOTO_SIDES.map((side) => (
          <li key={side}>
            <img
              src={sent.photos[side]}
              alt={t(`apply.photos.${side}`)}
              className="aspect-video w-full rounded-xl object-cover"
            />
            <p className={`mt-1 ${mutedClass}`}>{t(`apply.photos.${side}`)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type Photos = Partial<Record<IdPhotoSide, { id: string; preview: string }>>;

function ApplicationForm({ phoneBound, onSent }: { phoneBound: boolean; onSent: () => void }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [documentType, setDocumentType] = useState<IdDocumentType>('resident');
  const [photos, setPhotos] = useState<Photos>({});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      await api.post(
        '/V2/anchor/user',
        {
          name: text('name'),
          documentType,
          idNumber: text('idNumber'),
          birthDate: documentType === 'other' ? text('birthDate') : null,
          introduction: text('introduction'),
          content: text('content'),
          photoFront: photos.front?.id ?? null,
          photoBack: photos.back?.id ?? null,
          photoHolding: photos.holding?.id ?? null,
          agreed,
        },
        { quiet: true },
      );
      onSent();
    } catch (failure) {
      setError(failureMessage(failure, t('messages:systemError')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title={t('apply.title')} id="apply-title">
      <form onSubmit={send} className="grid gap-4 sm:grid-cols-2" noValidate>
        <div>
          <label htmlFor="apply-name" className={labelClass}>
            {t('apply.name')}
          </label>
          <input id="apply-name" name="name" required maxLength={40} className={inputClass} />
        </div>
        <div>
          <span className={labelClass}>{t('apply.phone')}</span>
          <p className="py-2 text-sm">
            {phoneBound ? (
              t('apply.phoneBound')
            ) : (
              <>
                <span className="text-red-600 dark:text-red-400">{t('apply.noPhone')}</span>{' '}
                <Link to="/userInfo/setting" className="underline">
                  {t('apply.bindPhone')}
                </Link>
              </>
            )}
          </p>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className={labelClass}>{t('apply.documentType')}</legend>
          <div className="flex flex-wrap gap-4">
            {ID_DOCUMENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="documentType"
                  value={type}
                  checked={documentType === type}
                  onChange={() => setDocumentType(type)}
                />
                {t(`apply.documentTypes.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="apply-id" className={labelClass}>
            {t('apply.idNumber')}
          </label>
          <input
            id="apply-id"
            name="idNumber"
            required
            maxLength={30}
            autoComplete="off"
            className={inputClass}
          />
          <p className={hintClass}>
            {t(documentType === 'resident' ? 'apply.idHintResident' : 'apply.idHintOther')}
          </p>
        </div>
        {documentType === 'other' && (
          <div>
            <label htmlFor="apply-birth" className={labelClass}>
              {t('apply.birthDate')}
            </label>
            <input id="apply-birth" name="birthDate" type="date" required className={inputClass} />
          </div>
        )}
        <div className="sm:col-span-2">
          <label htmlFor="apply-intro" className={labelClass}>
            {t('apply.introduction')}
          </label>
          <textarea
            id="apply-intro"
            name="introduction"
            required
            maxLength={500}
            rows={3}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="apply-content" className={labelClass}>
            {t('apply.content')}
          </label>
          <input id="apply-content" name="content" required maxLength={200} className={inputClass} />
          <p className={hintClass}>{t('apply.contentHint')}</p>
        </div>
        <div className="grid grid-cols-3 gap-2 sm:col-span-2 sm:gap-3">
          {ID_PHOTO_SIDES.map((side) => (
            <PhotoField<{ photoId: string }>
              key={side}
              label={t(`apply.photos.${side}`)}
              path="/anchor/idPhoto"
              preview={photos[side]?.preview ?? null}
              onUploaded={({ photoId }) =>
                setPhotos((all) => ({ ...all, [side]: { id: photoId, preview: idPhotoPath(photoId) } }))
              }
            />
          ))}
          <p className={`col-span-3 ${mutedClass}`}>{t('apply.photosPrivate')}</p>
        </div>
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            className="mt-1"
          />
          <span>
            {t('apply.agree')}{' '}
            <a href="#content-rules" className="underline">
              {t('rules.title')}
            </a>
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={busy || !agreed || !phoneBound}>
            {t('apply.send')}
          </button>
          <FormStatus error={error} />
        </div>
      </form>
    </Card>
  );
}

/** An approved anchor's public profile: introductions, up to 3 detail pictures at 1:1, the cover. */
function ProfileForm() {
  const { t } = useTranslation('live');
  const api = useApi();
  const profile = useLiveCall<AnchorProfile>('/anchorInfo');
  const [pictures, setPictures] = useState<string[] | null>(null);
  const [cover, setCover] = useState<string | null | undefined>(undefined);
  const [status, setStatus] = useState<{ ok?: string; error?: string | null }>({});
  if (!profile.data) return null;
  const shownPictures = pictures ?? profile.data.pictures;
  const shownCover = cover === undefined ? profile.data.cover : cover;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus({});
    try {
      await api.post(
        '/updateAnchor',
        {
          introduction: String(form.get('introduction') ?? ''),
          detail: String(form.get('detail') ?? ''),
          pictures: shownPictures,
          cover: shownCover,
        },
        { quiet: true },
      );
      setStatus({ ok: t('settings.saved') });
    } catch (failure) {
      setStatus({ error: failureMessage(failure, t('messages:systemError')) });
    }
  }
  return (
    <Card title={t('profile.title')} id="profile-title">
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="profile-intro" className={labelClass}>
            {t('apply.introduction')}
          </label>
          <input
            id="profile-intro"
            name="introduction"
            maxLength={500}
            defaultValue={profile.data.introduction}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="profile-detail" className={labelClass}>
            {t('profile.detail')}
          </label>
          <textarea
            id="profile-detail"
            name="detail"
            maxLength={3000}
            rows={4}
            defaultValue={profile.data.detail}
            className={inputClass}
          />
        </div>
        <PhotoField<{ url: string }>
          label={t('settings.cover')}
          path="/anchor/picture?kind=cover"
          preview={shownCover}
          onUploaded={({ url }) => setCover(url)}
        />
        <div>
          <span className={labelClass}>{t('profile.pictures', { max: DETAIL_PICTURES_MAX })}</span>
          <ul className="grid grid-cols-3 gap-2">
            {shownPictures.map((picture) => (
              <li key={picture} className="relative">
                <img src={picture} alt="" className="aspect-square w-full rounded-xl object-cover" />
                <button
                  type="button"
                  onClick={() => setPictures(shownPictures.filter((p) => p !== picture))}
                  className="absolute end-1 top-1 rounded-full bg-black/60 px-2 text-xs text-white"
                >
                  {t('settings.clearMatch')}
                </button>
              </li>
            ))}
            {shownPictures.length < DETAIL_PICTURES_MAX && (
              <li>
                <PhotoField<{ url: string }>
                  label={t('profile.addPicture')}
                  path="/anchor/picture?kind=detail"
                  preview={null}
                  square
                  onUploaded={({ url }) => setPictures([...shownPictures, url])}
                />
              </li>
            )}
          </ul>
          <p className={hintClass}>{t('profile.picturesHint')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={buttonClass.primary}>
            {t('settings.save')}
          </button>
          <FormStatus ok={status.ok} error={status.error} />
        </div>
      </form>
    </Card>
  );
}

/** The content rules of spec point 5, in full. */
function ContentRules() {
  const { t } = useTranslation('live');
  return (
    <Card title={t('rules.title')} id="content-rules">
      <p className="mb-2 text-sm">{t('rules.intro')}</p>
      <ol className="list-decimal space-y-1 ps-5 text-sm">
        {CONTENT_RULES.map((rule) => (
          <li key={rule}>{t(`rules.items.${rule}`)}</li>
        ))}
      </ol>
      <p className="mt-3 text-sm font-medium">{t('rules.penalty')}</p>
    </Card>
  );
}
