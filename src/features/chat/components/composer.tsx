import { useLingui } from '@lingui/react/macro';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { checkImage, formatBytes, halveUntilFits } from '#features/uploads/index.ts';
import { takeSharedPhotos } from '#lib/shared-photos.ts';
import { LIMITS, UPLOAD } from '#protocol/constants.ts';
import { ImageIcon } from '#ui/more-icons.tsx';
import { canSendText } from '../composer.rules.ts';

/** Shown only when photos were shared to this conversation from the phone's share sheet (/share). */
const SharedPhotos = lazy(() => import('../screens/shared-photos.tsx'));

export interface ComposerProps {
  /** `false`: keep the text (it is being translated first, 'Send in …'). */
  onSendText: (text: string) => boolean | undefined;
  /** Uploads and sends the photo; the composer shows the upload state until it settles. */
  onSendImage: (file: File) => Promise<void>;
  disabled?: boolean;
  /** Makes a photo over the limit fit, or null; tests replace the browser's canvas with their own. */
  shrink?: (file: File) => Promise<File | null>;
  /** The conversation: photos shared to it from the share sheet wait above the row until sent or dropped. */
  peerId?: number;
  /** More buttons after the photo's (the pane's lazily loaded video and voice tools). */
  tools?: ReactNode;
}

/** The counter appears this close to the limit: earlier it is noise. */
const COUNTER_FROM = LIMITS.chatMessage - 200;

/**
 * Enter sends, Shift+Enter breaks the line; a photo is checked (type) before anything is uploaded, and one over
 * 5 MiB is halved in width and height until it fits (docs/product.md, Uploads).
 */
export function Composer({ onSendText, onSendImage, disabled, shrink = halveUntilFits, peerId, tools }: ComposerProps) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [shared, setShared] = useState<File[]>([]);
  const sendable = canSendText(text, LIMITS.chatMessage) && !disabled;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!sendable) return;
    if (onSendText(text) !== false) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // NOTE: Enter that confirms an IME composition (Chinese, Japanese, Korean input) must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  // (No unmount guard: the photos are taken once, and a StrictMode remount keeps this component's state.)
  useEffect(() => {
    if (peerId !== undefined) void takeSharedPhotos({ peerId }).then((files) => files.length > 0 && setShared(files));
  }, [peerId]);

  async function sendShared() {
    const files = shared;
    setShared([]);
    for (const file of files) await onPick(file);
  }

  async function onPick(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const found = checkImage(file, UPLOAD.maxBytes);
    if (found?.kind === 'not-image') return setProblem(t`文件必须是图片!`);
    setProblem('');
    setUploading(true);
    try {
      const ready = found?.kind === 'too-large' ? await shrink(file).catch(() => null) : file;
      if (!ready) {
        const size = formatBytes(UPLOAD.maxBytes);
        return setProblem(t`上传图片大小不能超过 ${size}`);
      }
      await onSendImage(ready);
    } finally {
      setUploading(false);
    }
  }

  const length = text.length;
  const max = LIMITS.chatMessage;
  return (
    <form className="composer" onSubmit={send}>
      {shared.length > 0 && (
        <Suspense fallback={null}>
          <SharedPhotos
            files={shared}
            disabled={disabled || uploading}
            onSend={() => void sendShared()}
            onDrop={() => setShared([])}
          />
        </Suspense>
      )}
      {(problem || uploading) && (
        <p className={problem ? 'composer-note composer-problem' : 'composer-note'} role={problem ? 'alert' : 'status'}>
          {problem || t`The image is being uploaded`}
        </p>
      )}
      <div className="composer-row">
        <button
          type="button"
          className="icon-btn composer-photo"
          aria-label={t`Send a photo`}
          title={t`Send a photo`}
          disabled={disabled || uploading}
          onClick={() => fileRef.current?.click()}
        >
          {uploading ? <span className="spinner spinner-sm" aria-hidden="true" /> : <ImageIcon />}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={UPLOAD.imageTypes.join(',')}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-input"
          onChange={(e) => void onPick(e.target.files?.[0])}
        />
        {tools}
        <label htmlFor={id} className="sr-only">
          {t`Message`}
        </label>
        <textarea
          id={id}
          className="composer-input"
          rows={1}
          value={text}
          maxLength={LIMITS.chatMessage}
          placeholder={t`Write a message…`}
          aria-describedby={length >= COUNTER_FROM ? `${id}-count` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary btn-md composer-send" disabled={!sendable}>
          {t`Send`}
        </button>
      </div>
      {length >= COUNTER_FROM && (
        <p id={`${id}-count`} className="composer-count" aria-live="polite">
          {t`${length} of ${max} characters`}
        </p>
      )}
    </form>
  );
}
