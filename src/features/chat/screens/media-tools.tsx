/**
 * The composer's video and voice controls (docs/product.md, Video and voice), loaded after the pane: the video
 * button opens a dialog that tells what the membership allows (free videos left this month, or that videos come with
 * a membership, pointing to /vip) and picks or records a clip; the microphone records while held (slide towards the
 * line's start to cancel, a live timer, 60 s at most). Uploads show progress and can be cancelled; the message then
 * goes through the outbox like text (the same clientId until it is stored, so it is stored once).
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { refreshUserInfoAtom, userInfoAtom } from '#features/auth/index.ts';
import { ApiError } from '#lib/http.ts';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import type { ChartFrame } from '#protocol/chat.ts';
import { MEDIA } from '#protocol/media.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { outboxRecordsAtom } from '../chat.atoms.ts';
import { uploadCover, uploadMedia } from '../media.api.ts';
import { canRecord, openStream, type Recorder, readVideo, startRecorder, UnreadableVideo } from '../media.capture.ts';
import { checkVideoFile, clock, mediaFileName, tooLong, type VideoAllowance, videoAllowance } from '../media.rules.ts';
import { RecordDot, VideoIcon } from './media-icons.tsx';
import './media.css';
import { type Note, VoiceButton } from './voice-button.tsx';

export interface MediaToolsProps {
  /** Queues the message in the outbox (chat.service send) once its file is uploaded; answers its clientId. */
  onSend: (type: 8 | 9, url: string, media: NonNullable<ChartFrame['media']>) => Promise<string>;
  disabled?: boolean;
}

interface Upload {
  kind: 'video' | 'voice';
  percent: number;
  abort: AbortController;
}

export default function MediaTools(props: MediaToolsProps) {
  // The texts live in the screens catalog: nothing shows until it is in (the composer works meanwhile).
  return useScreenCatalog() ? <Tools {...props} /> : null;
}

function Tools({ onSend, disabled }: MediaToolsProps) {
  const { t } = useLingui();
  const info = useAtomValue(userInfoAtom);
  const allowance = videoAllowance(info);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'menu' | 'record'>('closed');
  const busy = Boolean(upload) || disabled;
  // A stored video used one of the month's free videos: once its outbox record is gone, monthVideoCount is read again.
  const records = useAtomValue(outboxRecordsAtom);
  const refreshUserInfo = useSetAtom(refreshUserInfoAtom);
  const [sentVideo, setSentVideo] = useState<string | null>(null);
  useEffect(() => {
    if (!sentVideo || records.some((r) => r.clientId === sentVideo)) return;
    setSentVideo(null);
    void refreshUserInfo().catch(() => {});
  }, [records, sentVideo, refreshUserInfo]);

  /** Server refusals in the member's language where we know them; else the server's own words. */
  function problemOf(error: unknown, kind: 'video' | 'voice'): Note {
    if (error instanceof UnreadableVideo) return { text: t`无法读取视频信息`, alert: true };
    if (error instanceof ApiError) {
      if (error.code === 402)
        return allowance.kind === 'none'
          ? { text: noneText(), alert: true, vip: true }
          : { text: usedText(), alert: true, vip: true };
      if (error.code === 413) return { text: t`The file is larger than 30 MB.`, alert: true };
      if (/60 seconds/.test(error.message))
        return {
          text:
            kind === 'video'
              ? t`A video can be at most 60 seconds long.`
              : t`A voice message can be at most 60 seconds long.`,
          alert: true,
        };
      return { text: error.message, alert: true };
    }
    return {
      text: kind === 'video' ? t`The video could not be uploaded.` : t`The voice message could not be uploaded.`,
      alert: true,
    };
  }
  const noneText = () => t`Videos come with a membership: VIP and senior members send free videos every month.`;
  const usedText = () => t`You have sent all your free videos this month. More come on the first day of next month.`;

  /** Uploads (cover first, for a video) and queues the message; Cancel aborts whatever is on the way. */
  async function send(
    kind: 'video' | 'voice',
    blob: Blob,
    mime: string,
    extra: { cover?: Blob | null; width?: number; height?: number; peaks?: number[] },
  ) {
    if (!navigator.onLine) {
      setNote({ text: t`Videos and voice messages need a connection to upload.`, alert: true });
      return;
    }
    const abort = new AbortController();
    setNote(null);
    setUpload({ kind, percent: 0, abort });
    try {
      const cover = extra.cover ? await uploadCover(extra.cover, abort.signal).catch(rethrowAbort) : undefined;
      const file = await uploadMedia(kind, blob, mediaFileName(kind, mime), {
        signal: abort.signal,
        onProgress: (percent) => setUpload((u) => (u && u.abort === abort ? { ...u, percent } : u)),
      });
      const media =
        kind === 'video'
          ? {
              ...(cover ? { cover } : {}),
              width: file.width || extra.width || 0,
              height: file.height || extra.height || 0,
            }
          : { peaks: extra.peaks ?? [] };
      const clientId = await onSend(kind === 'video' ? 8 : 9, file.url, media);
      if (kind === 'video') setSentVideo(clientId);
    } catch (error) {
      if (abort.signal.aborted) setNote({ text: t`Upload cancelled.`, alert: false });
      else setNote(problemOf(error, kind));
    } finally {
      setUpload((u) => (u?.abort === abort ? null : u));
    }
  }

  async function sendVideo(file: Blob, recordedMs?: number) {
    const problem = checkVideoFile(file);
    if (problem === 'type') return setNote({ text: t`Choose an MP4 or WebM video.`, alert: true });
    if (problem === 'size') return setNote({ text: t`The file is larger than 30 MB.`, alert: true });
    setNote({ text: t`Preparing the video…`, alert: false });
    try {
      const read = await readVideo(file);
      const seconds = recordedMs !== undefined && !Number.isFinite(read.duration) ? recordedMs / 1000 : read.duration;
      if (tooLong(seconds)) return setNote({ text: t`A video can be at most 60 seconds long.`, alert: true });
      await send('video', file, file.type, read);
    } catch (error) {
      setNote(problemOf(error, 'video'));
    }
  }

  return (
    <>
      {(upload || note) && (
        <div className={`media-status${note?.alert && !upload ? ' media-status-problem' : ''}`}>
          {upload ? (
            <div className="media-upload" role="status">
              <span className="media-upload-label">
                {upload.kind === 'video' ? t`Uploading the video…` : t`Uploading the voice message…`}{' '}
                <span className="media-upload-percent">{upload.percent}%</span>
              </span>
              <progress
                className="media-progress"
                max={100}
                value={upload.percent}
                aria-label={upload.kind === 'video' ? t`Video upload` : t`Voice message upload`}
              />
              <button type="button" className="link-btn" onClick={() => upload.abort.abort()}>
                {t`Cancel upload`}
              </button>
            </div>
          ) : (
            note && (
              <p role={note.alert ? 'alert' : 'status'}>
                {note.text}{' '}
                {note.vip && (
                  <Link to="/vip" className="link-btn">
                    {t`See memberships`}
                  </Link>
                )}
              </p>
            )
          )}
          {!upload && (
            <button type="button" className="media-status-close" aria-label={t`Dismiss`} onClick={() => setNote(null)}>
              ×
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        className="icon-btn composer-tool"
        aria-label={t`Send a video`}
        title={t`Send a video`}
        aria-haspopup="dialog"
        disabled={busy}
        onClick={() => setDialog('menu')}
      >
        {upload?.kind === 'video' ? <span className="spinner spinner-sm" aria-hidden="true" /> : <VideoIcon />}
      </button>
      <VoiceButton
        disabled={busy}
        onNote={setNote}
        onRecorded={(blob, mime, peaks) => void send('voice', blob, mime, { peaks })}
      />
      <VideoDialog
        view={dialog}
        allowance={allowance}
        noneText={noneText()}
        usedText={usedText()}
        onView={setDialog}
        onPicked={(file, ms) => {
          setDialog('closed');
          void sendVideo(file, ms);
        }}
      />
    </>
  );
}

const rethrowAbort = (error: unknown): undefined => {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  // A cover that did not go up is no reason to lose the video: it is sent without one.
  return undefined;
};

function VideoDialog({
  view,
  allowance,
  noneText,
  usedText,
  onView,
  onPicked,
}: {
  view: 'closed' | 'menu' | 'record';
  allowance: VideoAllowance;
  noneText: string;
  usedText: string;
  onView: (view: 'closed' | 'menu' | 'record') => void;
  onPicked: (file: Blob, recordedMs?: number) => void;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const may = allowance.kind === 'left' || allowance.kind === 'unlimited';
  const recordable = may && canRecord('video');
  return (
    <Dialog
      open={view !== 'closed'}
      onOpenChange={(open) => onView(open ? 'menu' : 'closed')}
      title={view === 'record' ? t`Record a video` : t`Send a video`}
      size="sm"
    >
      {view === 'record' ? (
        <VideoRecorder onDone={(blob, ms) => onPicked(blob, ms)} onCancel={() => onView('menu')} />
      ) : (
        <div className="media-dialog">
          {allowance.kind === 'none' && <p className="media-allowance media-allowance-none">{noneText}</p>}
          {allowance.kind === 'used' && <p className="media-allowance media-allowance-none">{usedText}</p>}
          {allowance.kind === 'left' && (
            <p className="media-allowance">
              {t`Free videos left this month:`} <strong className="media-allowance-count">{allowance.count}</strong>
            </p>
          )}
          {allowance.kind === 'unlimited' && (
            <p className="media-allowance">{t`Staff accounts send videos without a monthly limit.`}</p>
          )}
          {may ? (
            <>
              <p className="media-hint">{t`Up to 60 seconds and 30 MB, MP4 or WebM.`}</p>
              <div className="media-dialog-actions">
                <Button variant="primary" onClick={() => input.current?.click()}>
                  {t`Choose a video`}
                </Button>
                {recordable && (
                  <Button variant="secondary" onClick={() => onView('record')}>
                    {t`Record a video`}
                  </Button>
                )}
              </div>
              <input
                ref={input}
                type="file"
                accept={MEDIA.videoTypes.join(',')}
                hidden
                tabIndex={-1}
                aria-hidden="true"
                data-testid="video-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) onPicked(file);
                }}
              />
            </>
          ) : (
            <div className="media-dialog-actions">
              <Link to="/vip" className="btn btn-primary btn-md">
                {t`See memberships`}
              </Link>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The camera's picture live, Record / Stop with the time, stopping by itself at 60 s. */
function VideoRecorder({ onDone, onCancel }: { onDone: (blob: Blob, ms: number) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const preview = useRef<HTMLVideoElement>(null);
  const recorder = useRef<Recorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<'asking' | 'ready' | 'recording' | 'refused'>('asking');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    let live = true;
    openStream('video')
      .then((s) => {
        if (!live) return stopAll(s);
        stream.current = s;
        if (preview.current) preview.current.srcObject = s;
        setState('ready');
      })
      .catch(() => live && setState('refused'));
    return () => {
      live = false;
      recorder.current?.cancel();
      if (stream.current) stopAll(stream.current);
    };
  }, []);

  // The latest stop, for the timer's 60 s limit (the interval lives as long as the recording).
  const stopRef = useRef<() => Promise<void>>(async () => {});
  useEffect(() => {
    if (state !== 'recording') return;
    const started = recorder.current?.startedAt ?? performance.now();
    const timer = setInterval(() => {
      const ms = performance.now() - started;
      setElapsed(ms);
      if (ms >= MEDIA.maxSeconds * 1000) void stopRef.current();
    }, 200);
    return () => clearInterval(timer);
  }, [state]);

  async function record() {
    try {
      // The preview's stream is recorded; the recorder stops its tracks when done.
      recorder.current = await startRecorder('video', { stream: stream.current ?? undefined });
      stream.current = null;
      setElapsed(0);
      setState('recording');
    } catch {
      setState('refused');
    }
  }

  async function stop() {
    const r = recorder.current;
    recorder.current = null;
    if (!r) return;
    const recording = await r.stop();
    onDone(recording.blob, Math.min(recording.ms, MEDIA.maxSeconds * 1000));
  }
  stopRef.current = stop;

  if (state === 'refused')
    return (
      <div className="media-dialog">
        <p role="alert" className="media-allowance-none">
          {t`The camera could not be used. Allow it in the browser, or choose a video instead.`}
        </p>
        <div className="media-dialog-actions">
          <Button variant="secondary" onClick={onCancel}>
            {t`Back`}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="media-dialog">
      <div className="media-camera">
        <video ref={preview} className="media-camera-view" muted autoPlay playsInline aria-label={t`Camera`} />
        {state === 'recording' && (
          <span className="media-rec-badge" role="timer" aria-live="off">
            <RecordDot size={10} /> {clock(elapsed / 1000)} / {clock(MEDIA.maxSeconds)}
          </span>
        )}
      </div>
      <div className="media-dialog-actions">
        {state === 'recording' ? (
          <Button variant="primary" onClick={() => void stop()}>
            {t`Stop and send`}
          </Button>
        ) : (
          <Button variant="primary" disabled={state !== 'ready'} onClick={() => void record()}>
            {t`Start recording`}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </div>
  );
}

const stopAll = (s: MediaStream) => {
  for (const track of s.getTracks()) track.stop();
};
