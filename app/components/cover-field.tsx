import { useTranslation } from '../i18n/translations';
import { ImagePickButton, useImageUpload } from './image-upload';
import { buttonClass, FormStatus, inputClass, labelClass } from './ui';

/** A cover picture field: an address typed in, or a picture uploaded, with a preview. */
export function CoverField({
  id,
  name,
  value,
  onChange,
  label,
}: {
  id: string;
  name?: string;
  /** The article's optional cover unless told. */
  label?: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('content');
  const upload = useImageUpload(onChange);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label ?? t('creator.cover')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        {value && <img src={value} alt="" className="h-16 w-28 rounded-lg object-cover" />}
        <input
          id={id}
          name={name}
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} min-w-0 flex-1 basis-48`}
        />
        <ImagePickButton
          label={t('creator.uploadCover')}
          onPick={upload.upload}
          disabled={upload.pending}
          className={buttonClass.secondary}
        >
          {upload.pending ? t('creator.uploading') : t('creator.uploadCover')}
        </ImagePickButton>
      </div>
      <FormStatus error={upload.error} />
    </div>
  );
}
