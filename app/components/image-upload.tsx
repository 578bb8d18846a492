import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { IMAGE_MAX_BYTES } from '../../modules/content/content.contract';
import { useTranslation } from '../i18n/translations';
import { ApiFailure } from '../lib/api-client';
import { uploadFile } from '../lib/upload';
import { useLocale } from '../lib/use-locale';
import { failureMessage } from './ui';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Uploads a picture for an article and hands its URL to `onUploaded`. The type and size are
 * checked here first to answer at once; the server checks the content itself.
 */
export function useImageUpload(onUploaded: (url: string) => void) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > IMAGE_MAX_BYTES || !TYPES.includes(file.type))
        throw new ApiFailure(6021, t('messages:imageRule'), null);
      return uploadFile<{ url: string }>('/creator/uploadImage', file, locale);
    },
    onSuccess: ({ url }) => onUploaded(url),
  });
  return {
    upload: (file: File) => upload.mutate(file),
    pending: upload.isPending,
    error: failureMessage(upload.error, t('messages:uploadFailed')),
  };
}

/** A button that opens the file picker for one picture. */
export function ImagePickButton({
  onPick,
  className,
  label,
  children,
  disabled,
}: {
  onPick: (file: File) => void;
  className: string;
  label: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <>
      <input ref={input} type="file" accept={TYPES.join(',')} hidden onChange={picked} />
      <button
        type="button"
        title={label}
        aria-label={label}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => input.current?.click()}
        className={className}
      >
        {children}
      </button>
    </>
  );
}
