/**
 * The composer's video and voice controls (docs/product.md, Video and voice), loaded after the pane: the video
 * button opens a dialog that tells what the membership allows (free videos left this month, or that videos come with
 * a membership, pointing to /vip) and picks or records a clip; the microphone records while held (slide towards the
 * line's start to cancel, a live timer, 60 s at most). A clip or note is handed to the outbox at once (its file kept
 * in IndexedDB, so one composed offline waits and survives a reload); the chat service uploads it when it can, with
 * the progress and Cancel shown here, then sends its frame like text's (the same clientId until it is stored, so it
 * is stored once).
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { refreshUserInfoAtom, userInfoAtom } from '#features/auth/index.ts';
import { useScreenCatalog } from '#lib/screen-catalog.ts';
import { MEDIA } from '#protocol/media.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { outboxRecordsAtom, uploadProgressAtom } from '../chat.atoms.ts';
import { canRecord, openStream, type Recorder, readVideo, startRecorder, UnreadableVideo } from '../media.capture.ts';
import { checkVideoFile, clock, mediaFileName, tooLong, type VideoAllowance, videoAllowance } from '../media.rules.ts';
import { RecordDot, VideoIcon } from './media-icons.tsx';
import './media.css';
import type { LocalMedia, OutboxFiles, OutboxRecord } from '../outbox.rules.ts';
import { type Note, VoiceButton } from './voice-button.tsx';

export interface MediaToolsProps {
  /** The open conversation: its uploads show here. */
  peerId: number;
  /** Queues the message in the outbox with its files (chat.service sendMedia); answers its clientId. */
  onQueue: (local: LocalMedia, files: OutboxFiles) => Promise<string>;
  /** Stops an upload and drops its message (chat.service cancel). */
  onCancel: (clientId: string) => void;
  disabled?: boolean;
}

export default function MediaTools(props: MediaToolsProps) {
  // The texts live in the screens catalog: nothing shows until it is in (the composer works meanwhile).
  return useScreenCatalog() ? <Tools {...props} /> : null;
}

function Tools({ peerId, onQueue, onCancel, disabled }: MediaToolsProps) {
  const { t } = useLingui();
  const info = useAtomValue(userInfoAtom);
  const allowance = videoAllowance(info);
  const [note, setNote] = useState<Note | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'menu' | 'record'>('closed');
  const records = useAtomValue(outboxRecordsAtom);
  const progress = useAtomValue(uploadProgressAtom);
  // This conversation's upload in progress (the outbox uploads one file at a time).
  const upload = records.find((r) => r.toId === peerId && r.state === 'uploading');
  const busy = Boolean(upload) || disabled;
  // A stored video used one of the month's free videos: once its outbox record is gone, monthVideoCount is read again.
  const refreshUserInfo = useSetAtom(refreshUserInfoAtom);
  const [sentVideo, setSentVideo] = useState<string | null>(null);
  useEffect(() => {
    if (!sentVideo || records.some((r) => r.clientId === sentVideo)) return;
    setSentVideo(null);
    void refreshUserInfo().catch(() => {});
  }, [records, sentVideo, refreshUserInfo]);
  // An upload the server refused says why here, once (its bubble keeps 'Not sent' with Retry and Cancel).
  const told = useRef(new Set<string>());
  useEffect(() => {
    const refused = records.find((r) => r.toId === peerId && r.problem && !told.current.has(r.clientId));
    if (!refused?.problem) return;
    told.current.add(refused.clientId);
    setNote(problemOf(refused));
  });

  /** Server refusals in the member's language where we know them; else the server's own words. */
  function problemOf({ type, problem }: OutboxRecord): Note {
    const { code, message } = problem ?? { code: 0, message: '' };
    if (code === 402)
      return allowance.kind === 'none'
        ? { text: noneText(), alert: true, vip: true }
        : { text: usedText(), alert: true, vip: true };
    if (code === 413) return { text: t`The file is larger than 30 MB.`, alert: true };
    if (/60 seconds/.test(message))
      return {
        text:
          type === 8 ? t`A video can be at most 60 seconds long.` : t`A voice message can be at most 60 seconds long.`,
        alert: true,
      };
    if (message) return { text: message, alert: true };
    return {
      text: type === 8 ? t`The video could not be uploaded.` : t`The voice message could not be uploaded.`,
      alert: true,
    };
  }
  const noneText = () => t`Videos come with a membership: VIP and senior members send free videos every month.`;
  const usedText = () => t`You have sent all your free videos this month. More come on the first day of next month.`;

  /**
   * Hands the clip or note to the outbox with its files: it uploads now when online, or waits for the connection
   * (its bubble shows it queued), and survives a reload either way.
   */
  async function send(
    kind: 'video' | 'voice',
    blob: Blob,
    mime: string,
    extra: { cover?: Blob | null; width?: number; height?: number; peaks?: number[]; duration?: number },
  ) {
    setNote(null);
    const duration = extra.duration !== undefined && Number.isFinite(extra.duration) ? extra.duration : undefined;
    const local: LocalMedia =
      kind === 'video'
        ? { kind, name: mediaFileName(kind, mime), width: extra.width, height: extra.height, duration }
        : { kind, name: mediaFileName(kind, mime), peaks: extra.peaks ?? [], duration };
    const clientId = await onQueue(local, { file: blob, ...(extra.cover ? { cover: extra.cover } : {}) });
    if (kind === 'video') setSentVideo(clientId);
  }

  function cancelUpload(clientId: string) {
    onCancel(clientId);
    setNote({ text: t`Upload cancelled.`, alert: false });
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
      await send('video', file, file.type, { ...read, duration: seconds });
    } catch (error) {
      setNote(
        error instanceof UnreadableVideo
          ? { text: t`无法读取视频信息`, alert: true }
          : { text: t`The video could not be uploaded.`, alert: true },
      );
    }
  }

  return (
    <>
      {(upload || note) && (
        <div className={`media-status${note?.alert && !upload ? ' media-status-problem' : ''}`}>
          {upload ? (
            <div className="media-upload" role="status">
              <span className="media-upload-label">
                {upload.type === 8 ? t`Uploading the video…` : t`Uploading the voice message…`}{' '}
                <span className="media-upload-percent">{progress[upload.clientId] ?? 0}%</span>
              </span>
              <progress
                className="media-progress"
                max={100}
                value={progress[upload.clientId] ?? 0}
                aria-label={upload.type === 8 ? t`Video upload` : t`Voice message upload`}
              />
              <button type="button" className="link-btn" onClick={() => cancelUpload(upload.clientId)}>
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
        {upload?.type === 8 ? <span className="spinner spinner-sm" aria-hidden="true" /> : <VideoIcon />}
      </button>
      <VoiceButton
        disabled={busy}
        onNote={setNote}
        onRecorded={(blob, mime, peaks, ms) => void send('voice', blob, mime, { peaks, duration: ms / 1000 })}
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
