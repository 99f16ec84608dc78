/**
 * The uploader (docs/product.md, Uploads): 160 px boxes with a 5 px radius, jpeg or png only, a photo over the
 * limit halved until it fits, at most `limit` files (a limit of 1 replaces the file), a progress bar per photo
 * while it uploads, optional alt text per photo. It reports the uploaded photos, in order, through `onChange`;
 * give it a new `key` to start empty again.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#lib/http.ts';
import { LIMITS, UPLOAD, type UploadType } from '#protocol/constants.ts';
import { CloseIcon, ImageIcon } from '#ui/more-icons.tsx';
import { halveUntilFits } from '../shrink-image.ts';
import { type UploadOptions, uploadImage } from '../upload.api.ts';
import { acceptPick, checkImage, formatBytes } from '../upload.rules.ts';
import './uploads.css';

export interface UploadedImage {
  url: string;
  alt: string;
}

export interface UploaderProps {
  type: UploadType;
  onChange: (images: UploadedImage[]) => void;
  /** True while any photo is still on its way. */
  onBusyChange?: (busy: boolean) => void;
  limit?: number;
  maxBytes?: number;
  /** A field per photo describing it for screen readers. */
  withAlt?: boolean;
  altMax?: number;
  /** The add box's label (default 'Add photos'). */
  label?: ReactNode;
  disabled?: boolean;
  /** Opens the file picker on mount (the member just asked to add photos). */
  autoOpen?: boolean;
  /** Photos to start with, taken on mount as if picked (shared from the phone's share sheet). */
  initialFiles?: readonly File[];
  upload?: (file: File, options: UploadOptions) => Promise<string>;
  shrink?: (file: File, maxBytes: number) => Promise<File | null>;
}

interface Item {
  key: number;
  preview: string;
  progress: number;
  url?: string;
  error?: string;
  alt: string;
}

let nextKey = 1;

export function Uploader({
  type,
  onChange,
  onBusyChange,
  limit = UPLOAD.maxFiles,
  maxBytes = UPLOAD.maxBytes,
  withAlt = false,
  altMax = LIMITS.momentAlt,
  label,
  disabled = false,
  autoOpen = false,
  initialFiles,
  upload = uploadImage,
  shrink = halveUntilFits,
}: UploaderProps) {
  const { t } = useLingui();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [problem, setProblem] = useState('');
  const previews = useRef(new Set<string>());
  const busy = items.some((item) => !item.url && !item.error);

  const update = (key: number, change: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  // The parent hears of finished photos and of the busy flag only when they change.
  const done = items.filter((item) => item.url).map((item) => ({ url: item.url as string, alt: item.alt }));
  const doneKey = JSON.stringify(done);
  // biome-ignore lint/correctness/useExhaustiveDependencies: doneKey stands for `done`.
  useEffect(() => {
    onChange(done);
  }, [doneKey]);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount.
  useEffect(() => {
    if (initialFiles?.length) onPick(initialFiles);
    else if (autoOpen) inputRef.current?.click();
  }, []);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  function drop(key: number) {
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((item) => item.key !== key);
    });
  }

  async function send(item: Item, file: File) {
    try {
      const ready = file.size > maxBytes ? await shrink(file, maxBytes).catch(() => null) : file;
      if (!ready) {
        const size = formatBytes(maxBytes);
        return update(item.key, { error: t`上传图片大小不能超过 ${size}` });
      }
      const url = await upload(ready, { type, onProgress: (progress) => update(item.key, { progress }) });
      update(item.key, { url, progress: 100 });
    } catch (error) {
      update(item.key, { error: error instanceof ApiError && error.code !== 0 ? error.message : t`The upload failed` });
    }
  }

  function onPick(list: Iterable<File> | null) {
    const files = [...(list ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    if (files.some((file) => checkImage(file, Number.POSITIVE_INFINITY)?.kind === 'not-image')) {
      return setProblem(t`文件必须是图片!`);
    }
    const pick = acceptPick(items.length, files, limit);
    if (!pick.ok) {
      const { chosen, total } = pick;
      return setProblem(t`You can add at most ${limit} photos: you chose ${chosen} now, ${total} in all.`);
    }
    setProblem('');
    const added = pick.files.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { item: { key: nextKey++, preview, progress: 0, alt: '' }, file };
    });
    if (pick.replace) for (const old of items) drop(old.key);
    setItems((held) => [...(pick.replace ? [] : held), ...added.map((a) => a.item)]);
    for (const { item, file } of added) void send(item, file);
  }

  const canAdd = !disabled && (limit === 1 || items.length < limit);
  return (
    <div className="uploader">
      <ul className="uploader-list">
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <li key={item.key} className="uploader-item">
              <div className={item.error ? 'uploader-box uploader-failed' : 'uploader-box'}>
                <img src={item.preview} alt="" className="uploader-img" />
                {!item.url && !item.error && (
                  <progress
                    className="uploader-progress"
                    max={100}
                    value={item.progress}
                    aria-label={t`The image is being uploaded`}
                  />
                )}
                {item.error && (
                  <p className="uploader-error" role="alert">
                    {item.error}
                  </p>
                )}
                {!disabled && (
                  <button
                    type="button"
                    className="uploader-remove"
                    aria-label={t`Remove photo ${n}`}
                    title={t`Remove photo ${n}`}
                    onClick={() => drop(item.key)}
                  >
                    <CloseIcon size={16} />
                  </button>
                )}
              </div>
              {withAlt && (
                <div className="uploader-alt">
                  <label htmlFor={`${id}-alt-${item.key}`}>{t`Description of photo ${n} (optional)`}</label>
                  <textarea
                    id={`${id}-alt-${item.key}`}
                    rows={2}
                    maxLength={altMax}
                    value={item.alt}
                    disabled={disabled}
                    onChange={(e) => update(item.key, { alt: e.target.value })}
                  />
                </div>
              )}
            </li>
          );
        })}
        {canAdd && (
          <li className="uploader-item">
            <button type="button" className="uploader-box uploader-add" onClick={() => inputRef.current?.click()}>
              <ImageIcon size={28} />
              <span>{label ?? (limit === 1 && items.length ? t`Replace photo` : t`Add photos`)}</span>
            </button>
          </li>
        )}
        {disabled && items.length === 0 && <li className="uploader-none">{t`未上传照片`}</li>}
      </ul>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD.imageTypes.join(',')}
        multiple={limit > 1}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="uploader-input"
        onChange={(e) => onPick(e.target.files)}
      />
      {problem && (
        <p className="uploader-problem" role="alert">
          {problem}
        </p>
      )}
      <p className="uploader-status" role="status">
        {busy ? t`The image is being uploaded` : ''}
      </p>
    </div>
  );
}
