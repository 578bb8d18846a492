import { useId } from 'react';
import { labelClass } from '../../components/ui';
import { useFileUpload } from '../../components/use-file-upload';
import { useTranslation } from '../../i18n/translations';

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
  const id = useId();
  const { busy, error, upload } = useFileUpload<T>(onUploaded);
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
          onChange={(event) => void upload(path, event)}
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
