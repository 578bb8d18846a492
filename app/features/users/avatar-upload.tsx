import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AVATAR_MAX_BYTES } from '../../../modules/users/users.contract';
import { CropDialog } from '../../components/crop-dialog';
import { buttonClass, FormStatus, failureMessage, hintClass } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';
import { ApiFailure } from '../../lib/api-client';
import { readUserCookie, saveUser } from '../../lib/session';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';

/**
 * The avatar with its change button: a jpg or png, cropped to a square here, up to 3 MB, checked
 * here first to answer at once.
 */
export function AvatarUpload({ avatar, username }: { avatar: string | null; username: string }) {
  const { t } = useTranslation('user');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > AVATAR_MAX_BYTES || !['image/jpeg', 'image/png'].includes(file.type))
        throw new ApiFailure(6010, t('messages:avatarRule'), null);
      return uploadFile<{ avatar: string }>('/user/uploadAvatar', file, locale).then((r) => r.avatar);
    },
    onSuccess: (avatar) => {
      const user = readUserCookie();
      if (user) saveUser({ ...user, avatar });
      revalidator.revalidate();
    },
  });
  const [cropping, setCropping] = useState<File | null>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (['image/jpeg', 'image/png'].includes(file.type)) setCropping(file);
    else upload.mutate(file);
  };
  const cropped = (file: File) => {
    setCropping(null);
    upload.mutate(file);
  };
  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar src={avatar} name={username} size={88} alt={t('profile.avatarOf', { name: username })} />
      <div className="flex flex-col items-start gap-2">
        <input ref={input} type="file" accept="image/jpeg,image/png" onChange={picked} hidden />
        {/* The button is the control; the file input it opens stays out of the page's reading order. */}
        <button
          type="button"
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          className={buttonClass.secondary}
        >
          {upload.isPending ? t('info.uploading') : t('info.changeAvatar')}
        </button>
        <p id={`${id}-hint`} className={hintClass}>
          {t('info.avatarHint')}
        </p>
        <FormStatus
          ok={upload.isSuccess ? t('messages:uploaded') : null}
          error={failureMessage(upload.error, t('messages:uploadFailed'))}
        />
      </div>
      <CropDialog file={cropping} onCropped={cropped} onClose={() => setCropping(null)} />
    </div>
  );
}
