import { useState } from 'react';
import { smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** Copies a text to the clipboard and says 'copied' for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('live');
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`${label}: ${t('links.copy')}`}
      className={smallButtonClass.secondary}
    >
      <span aria-live="polite">{copied ? t('links.copied') : t('links.copy')}</span>
    </button>
  );
}
