import { type ClipboardEvent, type DragEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translations';
import { Icon } from './icon';
import { ImagePickButton, useImageUpload } from './image-upload';

/**
 * The article editor: an editable area with a small toolbar (bold, italic, subheading, quote,
 * list, link, uploaded picture; a picture can also be pasted or dropped). It hands the HTML up as it changes; the server sanitises it,
 * so nothing here has to be trusted.
 */
export function RichTextEditor({
  id,
  initialHtml,
  onChange,
}: {
  id: string;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const { t } = useTranslation('content');
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
  }, [initialHtml]);

  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    onChange(area.current?.innerHTML ?? '');
  };
  const ask = (command: string) => {
    const url = window.prompt(t('creator.linkPrompt'), 'https://');
    if (url && /^(https?:\/\/|\/uploads\/)/.test(url)) run(command, url);
  };
  const image = useImageUpload((url) => run('insertImage', url));
  /** A pasted or dropped picture is uploaded and inserted; anything else is left to the browser. */
  const takeImage = (event: ClipboardEvent | DragEvent, files: FileList | undefined) => {
    const file = [...(files ?? [])].find((f) => f.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    image.upload(file);
  };

  const tool = (label: string, onClick: () => void, icon: ReactNode) => (
    <button
      type="button"
      title={label}
      aria-label={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-lg hover:bg-zinc-200 dark:hover:bg-zinc-800"
    >
      {icon}
    </button>
  );

  return (
    <div className="rounded-xl border border-zinc-300 focus-within:border-brand dark:border-zinc-700">
      <div
        role="toolbar"
        aria-controls={id}
        className="flex flex-wrap gap-1 border-b border-zinc-200 p-1 dark:border-zinc-800"
      >
        {tool(t('creator.bold'), () => run('bold'), <b className="text-sm">B</b>)}
        {tool(t('creator.italic'), () => run('italic'), <i className="font-serif text-sm">I</i>)}
        {tool(
          t('creator.heading'),
          () => run('formatBlock', 'h2'),
          <span className="text-sm font-bold">H</span>,
        )}
        {tool(
          t('creator.quote'),
          () => run('formatBlock', 'blockquote'),
          <Icon>
            <path d="M7 7h4v4c0 3-2 5-4 6M15 7h4v4c0 3-2 5-4 6" />
          </Icon>,
        )}
        {tool(
          t('creator.list'),
          () => run('insertUnorderedList'),
          <Icon>
            <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
          </Icon>,
        )}
        {tool(
          t('creator.link'),
          () => ask('createLink'),
          <Icon>
            <path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" />
          </Icon>,
        )}
        <ImagePickButton
          label={t('creator.image')}
          onPick={image.upload}
          disabled={image.pending}
          className="flex size-9 items-center justify-center rounded-lg hover:bg-zinc-200 disabled:opacity-50 dark:hover:bg-zinc-800"
        >
          <Icon>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 16l5-5 4 4 3-3 6 6" />
          </Icon>
        </ImagePickButton>
        {(image.pending || image.error) && (
          <p
            role={image.error ? 'alert' : 'status'}
            className={`self-center px-2 text-sm ${image.error ? 'text-red-600 dark:text-red-400' : 'text-zinc-500'}`}
          >
            {image.error ?? t('creator.uploading')}
          </p>
        )}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs an editable element; a textarea holds plain text only */}
      <div
        id={id}
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onPaste={(event) => takeImage(event, event.clipboardData.files)}
        onDrop={(event) => takeImage(event, event.dataTransfer.files)}
        className="min-h-60 p-3 leading-relaxed outline-none [&_blockquote]:border-s-4 [&_blockquote]:ps-3 [&_h2]:text-xl [&_h2]:font-semibold [&_img]:max-w-full [&_ul]:list-disc [&_ul]:ps-5"
      />
    </div>
  );
}
