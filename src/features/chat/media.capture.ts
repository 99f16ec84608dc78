/**
 * The browser's side of video and voice messages: reading a video's length and picture size and taking its cover
 * frame (a canvas JPEG), and recording from the camera or microphone (MediaRecorder) while sampling loudness for
 * the waveform. Decisions (formats, bars, which frame is clear) are media.rules.ts's.
 */
import { coverSize, coverTimes, isClearFrame, peaksOf, recorderType } from './media.rules.ts';

export interface VideoInfo {
  /** Seconds; NaN when the browser could not tell (the server reads the container anyway). */
  duration: number;
  width: number;
  height: number;
  /** The first clear frame as a JPEG, or null when none could be drawn. */
  cover: Blob | null;
}

/** The browser could not open the file as a video ('无法读取视频信息'). */
export class UnreadableVideo extends Error {
  constructor() {
    super('unreadable video');
    this.name = 'UnreadableVideo';
  }
}

function once(target: EventTarget, ok: string, ms: number, fail = 'error'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      target.removeEventListener(ok, onOk);
      target.removeEventListener(fail, onFail);
      if (error) reject(error);
      else resolve();
    };
    const onOk = () => done();
    const onFail = () => done(new UnreadableVideo());
    const timer = setTimeout(() => done(new UnreadableVideo()), ms);
    target.addEventListener(ok, onOk);
    target.addEventListener(fail, onFail);
  });
}

async function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  const seeked = once(video, 'seeked', 5000);
  video.currentTime = seconds;
  await seeked;
}

/** Reads a picked or recorded video: length, picture size and the cover frame. Rejects with UnreadableVideo. */
export async function readVideo(file: Blob): Promise<VideoInfo> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const meta = once(video, 'loadeddata', 10_000);
    video.src = url;
    await meta;
    if (!video.videoWidth || !video.videoHeight) throw new UnreadableVideo();
    let duration = video.duration;
    // NOTE: a MediaRecorder WebM has no length in its header: Chromium says Infinity until it has seen the end.
    if (duration === Number.POSITIVE_INFINITY) {
      await seek(video, 1e7).catch(() => {});
      duration = video.duration;
    }
    const width = video.videoWidth;
    const height = video.videoHeight;
    const cover = await takeCover(video, duration).catch(() => null);
    return { duration: Number.isFinite(duration) ? duration : Number.NaN, width, height, cover };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

async function takeCover(video: HTMLVideoElement, duration: number): Promise<Blob | null> {
  const probe = document.createElement('canvas');
  probe.width = 16;
  probe.height = 16;
  const probeCtx = probe.getContext('2d', { willReadFrequently: true });
  const times = coverTimes(duration);
  for (const [i, at] of times.entries()) {
    await seek(video, at);
    if (probeCtx && i < times.length - 1) {
      probeCtx.drawImage(video, 0, 0, 16, 16);
      if (!isClearFrame(probeCtx.getImageData(0, 0, 16, 16).data)) continue;
    }
    const size = coverSize(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(video, 0, 0, size.width, size.height);
    return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.82));
  }
  return null;
}

/** The camera (with sound, for a video) or the microphone; rejects when the member or the browser refuses. */
export const openStream = (kind: 'voice' | 'video'): Promise<MediaStream> =>
  navigator.mediaDevices.getUserMedia(
    kind === 'video'
      ? { audio: true, video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } }
      : { audio: true },
  );

export const canRecord = (kind: 'voice' | 'video'): boolean =>
  typeof MediaRecorder !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia) &&
  recorderType(kind, (t) => MediaRecorder.isTypeSupported(t)) !== undefined;

export interface Recording {
  blob: Blob;
  /** The recorder's type, e.g. audio/webm;codecs=opus. */
  type: string;
  ms: number;
  /** The waveform (voice): at most 64 bars of 0-100. */
  peaks: number[];
}

export interface Recorder {
  stream: MediaStream;
  startedAt: number;
  /** Stops and answers what was recorded. */
  stop(): Promise<Recording>;
  /** Stops and throws it away. */
  cancel(): void;
}

/** Asks for the camera (video) or microphone and starts recording; rejects when the member or browser refuses. */
export async function startRecorder(
  kind: 'voice' | 'video',
  options: { onLevel?: (level: number) => void; stream?: MediaStream; now?: () => number } = {},
): Promise<Recorder> {
  const { onLevel, now = () => performance.now() } = options;
  const stream = options.stream ?? (await openStream(kind));
  const type = recorderType(kind, (t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  // Loudness every 50 ms for the waveform and the live level.
  const levels: number[] = [];
  let audio: AudioContext | null = null;
  let sampler: ReturnType<typeof setInterval> | undefined;
  if (kind === 'voice' && typeof AudioContext !== 'undefined') {
    audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    sampler = setInterval(() => {
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += v * v;
      const rms = Math.sqrt(sum / data.length);
      levels.push(rms);
      onLevel?.(rms);
    }, 50);
  }
  const startedAt = now();
  const release = () => {
    clearInterval(sampler);
    void audio?.close().catch(() => {});
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start(1000);
  return {
    stream,
    startedAt,
    stop() {
      const ms = now() - startedAt;
      return new Promise<Recording>((resolve) => {
        recorder.onstop = () => {
          release();
          const mime = recorder.mimeType || type || (kind === 'voice' ? 'audio/webm' : 'video/webm');
          resolve({ blob: new Blob(chunks, { type: mime }), type: mime, ms, peaks: peaksOf(levels) });
        };
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
        else recorder.stop();
      });
    },
    cancel() {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
