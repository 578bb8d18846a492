import { type ChangeEvent, useState } from 'react';
import { useTranslation } from '../i18n/translations';
import { uploadFile } from '../lib/upload';
import { useLocale } from '../lib/use-locale';
import { failureMessage } from './ui';

/**
 * A file picked in a file input, sent at once to an upload call (`path`, with its query): busy
 * while it goes, and its refusal in the visitor's language. The input is cleared, so the same
 * file may be picked again.
 */
export function useFileUpload<T>(onUploaded: (answer: T, file: File) => void) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(path: string, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadFile<T>(path, file, locale), file);
    } catch (failure) {
      setError(failureMessage(failure, t('uploadFailed')));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, upload };
}
