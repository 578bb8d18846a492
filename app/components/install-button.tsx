import { installApp, useInstallState } from '../lib/installable-app';
import { buttonClass } from './ui/button';

export interface InstallLabels {
  button: string;
  installed: string;
  unavailable: string;
}

/** The download page's install: the browser's own prompt where it has one, else how to install. */
export function InstallButton({ labels }: { labels: InstallLabels }) {
  const state = useInstallState();
  if (state === 'installed')
    return <p className="mt-4 font-medium text-emerald-700 dark:text-emerald-400">{labels.installed}</p>;
  if (state === 'manual')
    return <p className="mt-4 text-zinc-600 dark:text-zinc-400">{labels.unavailable}</p>;
  return (
    <button type="button" className={`${buttonClass.primary} mt-4`} onClick={() => void installApp()}>
      {labels.button}
    </button>
  );
}
