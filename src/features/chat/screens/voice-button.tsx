/** The composer's microphone (docs/product.md, Video and voice): a voice note recorded while the button is held. */
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { MEDIA } from '#protocol/media.ts';
import { type Recorder, startRecorder } from '../media.capture.ts';
import { clock, MIN_VOICE_MS, recorderType, slidCancel } from '../media.rules.ts';
import { MicIcon, RecordDot } from './media-icons.tsx';

/** A line the media tools show under the composer. */
export interface Note {
  text: string;
  alert: boolean;
  /** The membership link goes with it. */
  vip?: boolean;
}

/**
 * Hold to record: pointer down starts (after the microphone is allowed), up sends, sliding towards the line's
 * start cancels; on a keyboard Space or Enter held down records and Escape cancels. 60 s at most.
 */
export function VoiceButton({
  disabled,
  onNote,
  onRecorded,
}: {
  disabled?: boolean;
  onNote: (note: Note | null) => void;
  /** The recording, its format, its waveform and its length (ms, as the recorder timed it). */
  onRecorded: (blob: Blob, mime: string, peaks: number[], ms: number) => void;
}) {
  const { t } = useLingui();
  const recorder = useRef<Recorder | null>(null);
  const held = useRef(false);
  const startX = useRef(0);
  const [recording, setRecording] = useState<{ startedAt: number; keyboard: boolean } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const supported =
    typeof MediaRecorder !== 'undefined' && recorderType('voice', (m) => MediaRecorder.isTypeSupported(m));

  // The latest finish, for the timer's 60 s limit (the interval lives as long as the recording).
  const finishRef = useRef<() => Promise<void>>(async () => {});
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const ms = performance.now() - recording.startedAt;
      setElapsed(ms);
      if (ms >= MEDIA.maxSeconds * 1000) void finishRef.current();
    }, 100);
    return () => clearInterval(timer);
  }, [recording]);
  // Leaving the conversation mid-recording throws the recording away.
  useEffect(() => () => recorder.current?.cancel(), []);

  async function begin(keyboard: boolean) {
    if (disabled || recorder.current || held.current) return;
    held.current = true;
    onNote(null);
    let r: Recorder;
    try {
      r = await startRecorder('voice', { onLevel: (rms) => setLevel(Math.min(1, rms * 6)) });
    } catch {
      held.current = false;
      return onNote({ text: t`The microphone could not be used. Allow it in the browser to record.`, alert: true });
    }
    // Released while the browser was still asking: that was a tap.
    if (!held.current) {
      r.cancel();
      return onNote({ text: t`Hold the button to record, release it to send.`, alert: false });
    }
    recorder.current = r;
    setElapsed(0);
    setRecording({ startedAt: r.startedAt, keyboard });
  }

  async function finish() {
    held.current = false;
    const r = recorder.current;
    recorder.current = null;
    setRecording(null);
    if (!r) return;
    const note = await r.stop();
    if (note.ms < MIN_VOICE_MS)
      return onNote({ text: t`Hold the button to record, release it to send.`, alert: false });
    onRecorded(note.blob, note.type, note.peaks, note.ms);
  }

  finishRef.current = finish;

  function cancel() {
    held.current = false;
    const r = recorder.current;
    recorder.current = null;
    setRecording(null);
    if (r) {
      r.cancel();
      onNote({ text: t`Voice message cancelled.`, alert: false });
    }
  }

  if (!supported) return null;
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  return (
    <>
      {recording && (
        <div className="voice-recording" role="status">
          <span className="voice-rec-dot" style={{ opacity: 0.45 + level * 0.55 }}>
            <RecordDot />
          </span>
          <span className="voice-rec-time" role="timer" aria-live="off">
            {clock(elapsed / 1000)}
          </span>
          <span className="voice-rec-hint">
            {recording.keyboard ? t`Release to send, Escape to cancel` : t`‹ Slide to cancel`}
          </span>
          <span className="voice-rec-max">{clock(MEDIA.maxSeconds)}</span>
        </div>
      )}
      <button
        type="button"
        className={`icon-btn composer-tool voice-btn${recording ? ' voice-btn-on' : ''}`}
        aria-label={t`Hold to record a voice note`}
        title={t`Hold to record a voice note`}
        aria-pressed={Boolean(recording)}
        disabled={disabled}
        onContextMenu={(e) => e.preventDefault()}
        onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
          if (e.button !== 0) return;
          e.preventDefault();
          e.currentTarget.setPointerCapture(e.pointerId);
          startX.current = e.clientX;
          void begin(false);
        }}
        onPointerMove={(e) => {
          if (recorder.current && slidCancel(e.clientX - startX.current, rtl)) cancel();
        }}
        onPointerUp={() => void finish()}
        onPointerCancel={cancel}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Escape' && (recorder.current || held.current)) {
            e.preventDefault();
            return cancel();
          }
          if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
            e.preventDefault();
            void begin(true);
          }
        }}
        onKeyUp={(e: KeyboardEvent) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            void finish();
          }
        }}
        // A click (no hold) from assistive technology that presses without holding: tell how it works.
        onClick={(e) => e.preventDefault()}
      >
        <MicIcon />
      </button>
    </>
  );
}
