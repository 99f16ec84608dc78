/**
 * Posting a moment: text (at most 1,000 characters) and up to 9 photos with optional alt texts, through the
 * uploader. Post waits for the photos; a refusal shows above the button, and the draft is kept.
 */
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type UploadedImage, Uploader } from '#features/uploads/index.ts';
import { ApiError } from '#lib/http.ts';
import { takeSharedPhotos } from '#lib/shared-photos.ts';
import { LIMITS } from '#protocol/constants.ts';
import type { Moment } from '#protocol/moment.ts';
import { Button } from '#ui/button.tsx';
import { ImageIcon } from '#ui/more-icons.tsx';
import { canPost } from '../feed.rules.ts';
import { postMoment } from '../moments.api.ts';

/** The counter appears this close to the limit. */
const COUNTER_FROM = LIMITS.momentText - 100;

export function MomentComposer({ onPosted }: { onPosted: (moment: Moment) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const [withPhotos, setWithPhotos] = useState(false);
  const [round, setRound] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const [shared, setShared] = useState<File[]>([]);
  const ready = canPost(text, images.length, uploading) && !sending;

  // Photos the member shared to 'New moment' from the phone's share sheet (/share) start the draft.
  // (No unmount guard: they are taken once, and a StrictMode remount keeps this component's state.)
  useEffect(() => {
    void takeSharedPhotos('moment').then((files) => {
      if (files.length === 0) return;
      setShared(files);
      setWithPhotos(true);
      setRound((r) => r + 1);
    });
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setSending(true);
    setProblem('');
    try {
      const alts = images.map((i) => i.alt.trim());
      while (alts.length && !alts.at(-1)) alts.pop();
      const moment = await postMoment({ text, images: images.map((i) => i.url), alts });
      setText('');
      setImages([]);
      setWithPhotos(false);
      setShared([]);
      setRound((r) => r + 1);
      onPosted(moment);
    } catch (error) {
      setProblem(error instanceof ApiError && error.code !== 0 ? error.message : t`The moment could not be posted.`);
    } finally {
      setSending(false);
    }
  }

  const length = text.length;
  const max = LIMITS.momentText;
  return (
    <form className="moment-composer" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {t`Share a moment`}
      </h2>
      <label htmlFor={`${id}-text`} className="sr-only">
        {t`What would you like to share?`}
      </label>
      <textarea
        id={`${id}-text`}
        className="moment-composer-text"
        rows={2}
        dir="auto"
        value={text}
        maxLength={max}
        placeholder={t`What would you like to share?`}
        aria-describedby={length >= COUNTER_FROM ? `${id}-count` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {length >= COUNTER_FROM && (
        <p id={`${id}-count`} className="moment-composer-count" aria-live="polite">
          {t`${length} of ${max} characters`}
        </p>
      )}
      {withPhotos && (
        <Uploader
          key={round}
          type="moment"
          limit={LIMITS.momentImages}
          withAlt
          autoOpen={shared.length === 0}
          initialFiles={shared}
          onChange={setImages}
          onBusyChange={setUploading}
        />
      )}
      {problem && (
        <p className="moment-composer-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="moment-composer-actions">
        {!withPhotos && (
          <Button variant="ghost" onClick={() => setWithPhotos(true)}>
            <ImageIcon size={18} />
            {t`Add photos`}
          </Button>
        )}
        <Button type="submit" className="moment-composer-post" disabled={!ready} busy={sending}>
          {t`Post`}
        </Button>
      </div>
    </form>
  );
}
