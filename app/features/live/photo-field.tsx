import { type ChangeEvent, useId, useState } from 'react';
import { failureMessage, labelClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';

export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * A picture picked and sent at once to an upload call (the server checks it as it checks avatars);
 * shows the picture, and hands the call's answer to `onUploaded`.
 */
export function PhotoField<T>({
  label,
  path,
  preview,
  onUploaded,
  square = false,
}: {
  label: string;
  /** The upload call under /java, with its query. */
  path: string;
  preview: string | null;
  onUploaded: (answer: T, file: File) => void;
  square?: boolean;
}) {
  const { t } = useTranslation('live');
  const locale = useLocale();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadFile<T>(path, file, locale), file);
    } catch (failure) {
      setError(failureMessage(failure, t('messages:uploadFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div
        className={`relative flex items-center justify-center overflow-hidden rounded-xl border border-dashed border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950 ${square ? 'aspect-square' : 'aspect-video'}`}
      >
        {preview ? (
          <img src={preview} alt="" className="size-full object-cover" />
        ) : (
          <span className="text-sm text-zinc-500">{busy ? t('upload.sending') : t('upload.pick')}</span>
        )}
        <input
          id={id}
          type="file"
          accept={PICTURE_TYPES}
          onChange={picked}
          disabled={busy}
          className="absolute inset-0 cursor-pointer opacity-0"
        />
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
