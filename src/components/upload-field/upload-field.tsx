import { mdiClose, mdiTrayArrowUp } from '@mdi/js';
import { useState, type DragEvent, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Button } from '../button';
import { FieldFooter, useFieldIds } from '../form/form-field';
import { Icon } from '../icon';
import { ProgressBar } from '../progress-bar';
import type { UploadFieldState } from './use-upload-field';
import { formatSize, type UploadItem } from './upload-items';

type UploadFieldProps = {
  label: string;
  /** The field's state (`useUploadField`), shared with the form that sends it. */
  upload: UploadFieldState;
  hint?: ReactNode;
  /** The picker's filter (`.pdf,image/*`); only a hint: the server decides what it accepts. */
  accept?: string;
  /**
   * Offers the camera beside the file picker on a phone or a touch screen (a tablet at the bench):
   * "take a photo" opens the back camera straight away, "choose a file" still picks anything.
   */
  camera?: boolean;
  disabled?: boolean;
};

/**
 * The one file field of the app: choose or drop files (one, or several with `multiple`), a
 * progress bar per file while the form is sent, a cancel while it is, and the server's refusal
 * shown on the file it concerns. The form around it keeps its other values whatever happens.
 */
export function UploadField({ label, upload, hint, accept, camera = false, disabled = false }: UploadFieldProps) {
  const ids = useFieldIds(hint, upload.errors);
  const { id } = ids;
  const [dragging, setDragging] = useState(false);
  const locked = disabled || upload.uploading;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) upload.pick([...event.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-gray-800">
        {label}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed p-4 text-sm text-secondary',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-primary',
          dragging ? 'border-primary bg-primary-light' : upload.errors?.length ? 'border-error' : 'border-secondary/40',
        )}
      >
        <Icon path={mdiTrayArrowUp} className="text-secondary" />
        <span>{upload.multiple ? 'Drop files here, or' : 'Drop a file here, or'}</span>
        <label
          htmlFor={id}
          className={cx(
            'inline-flex min-h-9 items-center rounded-md border border-secondary/40 bg-white px-3 font-medium text-secondary',
            locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-secondary-light',
          )}
        >
          {upload.multiple ? 'choose files' : 'choose a file'}
        </label>
        <input
          id={id}
          type="file"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          multiple={upload.multiple}
          accept={accept}
          disabled={locked}
          onChange={(event) => {
            upload.pick([...(event.target.files ?? [])]);
            event.target.value = ''; // choosing the same file again still counts
          }}
        />
        {camera ? (
          // Where a camera is likely at hand (a touch screen, a phone's width); a laptop gets the picker alone.
          <span className="hidden items-center gap-3 max-sm:inline-flex pointer-coarse:inline-flex">
            <span>or</span>
            <label
              htmlFor={`${id}-camera`}
              className={cx(
                'inline-flex min-h-9 items-center rounded-md border border-secondary/40 bg-white px-3 font-medium text-secondary',
                locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-secondary-light',
              )}
            >
              take a photo
            </label>
            <input
              id={`${id}-camera`}
              type="file"
              className="sr-only"
              aria-label={`${label}: take a photo`}
              accept="image/*"
              capture="environment"
              disabled={locked}
              onChange={(event) => {
                upload.pick([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </span>
        ) : null}
      </div>
      <FieldFooter ids={ids} hint={hint} errors={upload.errors} />
      {upload.items.length ? (
        <ul className="mt-1 flex flex-col gap-2">
          {upload.items.map((item) => (
            <UploadRow key={item.key} item={item} onRemove={() => upload.remove(item.key)} onCancel={upload.cancel} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const STATUS_TEXT: Record<UploadItem['status'], (item: UploadItem) => string> = {
  ready: (i) => `${formatSize(i.file.size)}, ready to upload`,
  uploading: (i) => `${formatSize(i.sent)} of ${formatSize(i.file.size)}`,
  done: (i) => `${formatSize(i.file.size)}, uploaded`,
  failed: (i) => `${formatSize(i.file.size)}, not uploaded`,
  cancelled: (i) => `${formatSize(i.file.size)}, upload cancelled`,
};

/** One chosen file: its progress, and what the server said about it. */
function UploadRow({ item, onRemove, onCancel }: { item: UploadItem; onRemove: () => void; onCancel: () => void }) {
  const name = item.file.name;
  return (
    <li aria-label={name} className={cx('flex flex-col gap-1 rounded-md border p-3', item.error ? 'border-error' : 'border-secondary-light')}>
      <div className="flex items-start gap-2">
        <ProgressBar label={name} value={item.sent} max={Math.max(1, item.file.size)} valueText={STATUS_TEXT[item.status](item)} className="min-w-0 flex-1 break-all" />
        {item.status === 'uploading' ? (
          <Button variant="ghost" className="-my-1 min-h-9 px-2" onClick={onCancel} aria-label={`Cancel the upload of ${name}`}>
            Cancel
          </Button>
        ) : item.status !== 'done' ? (
          <Button variant="ghost" className="-my-1 min-h-9 px-2" onClick={onRemove} aria-label={`Remove ${name}`}>
            <Icon path={mdiClose} size={18} />
          </Button>
        ) : null}
      </div>
      {item.error ? (
        <p role="alert" className="text-sm text-error">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}
