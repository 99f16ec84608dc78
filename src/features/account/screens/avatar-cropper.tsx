import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState, type WheelEvent } from 'react';
import { CROPPER } from '#protocol/constants.ts';
import { Button } from '#ui/button.tsx';
import { Dialog } from '#ui/dialog.tsx';
import { Spinner } from '#ui/empty-state.tsx';
import {
  fitWithin,
  initialView,
  MAX_ZOOM,
  moveBy,
  type Size,
  sourceSquare,
  type View,
  zoomOf,
  zoomTo,
} from './cropper.rules.ts';

/** The box on screen in CSS pixels; the output is CROPPER.size (200) whatever the screen. */
const BOX = 260;
const STEP = 10;

interface Source {
  bitmap: ImageBitmap;
  size: Size;
}

/** The picture decoded and, over 2000 px, scaled down first (docs/product.md, Uploads: max image 2000). */
async function loadSource(file: Blob): Promise<Source> {
  const full = await createImageBitmap(file);
  const size = fitWithin({ width: full.width, height: full.height }, CROPPER.maxImage);
  if (size.width === full.width) return { bitmap: full, size };
  const bitmap = await createImageBitmap(full, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  full.close();
  return { bitmap, size };
}

/** The square the box shows, drawn at 200 × 200 as a PNG at quality 1. */
export function cropToBlob(source: Source, view: View): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CROPPER.size;
  canvas.height = CROPPER.size;
  const g = canvas.getContext('2d');
  if (!g) return Promise.reject(new Error('no 2d canvas'));
  const s = sourceSquare(view, BOX);
  g.imageSmoothingQuality = 'high';
  g.drawImage(source.bitmap, s.x, s.y, s.side, s.side, 0, 0, CROPPER.size, CROPPER.size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), CROPPER.type, CROPPER.quality),
  );
}

interface AvatarCropperProps {
  file: File | null;
  onCancel: () => void;
  onCropped: (png: Blob) => Promise<void>;
}

/**
 * The cropper (docs/product.md, Uploads: crop size 200, quality 1, png, fixed box, scale mode, max image 2000): the
 * box stays put and the picture moves and zooms behind it by drag, pinch, wheel, the slider or the keyboard.
 */
export function AvatarCropper({ file, onCancel, onCropped }: AvatarCropperProps) {
  const { t } = useLingui();
  // A state, not a ref: the dialog's content mounts after radix loads, and drawing must wait for the canvas.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<View | null>(null);
  const [busy, setBusy] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  useEffect(() => {
    if (!file) return;
    let live = true;
    setSource(null);
    setFailed(false);
    loadSource(file).then(
      (s) => {
        if (!live) return s.bitmap.close();
        setSource(s);
        setView(initialView(s.size, BOX));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [file]);
  useEffect(() => () => source?.bitmap.close(), [source]);

  // Draw the picture behind the fixed box, with the round avatar's outline shaded outside.
  useEffect(() => {
    const c = canvas;
    const g = c?.getContext('2d');
    if (!c || !g || !source || !view) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = BOX * dpr;
    c.height = BOX * dpr;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, BOX, BOX);
    g.drawImage(source.bitmap, view.x, view.y, source.size.width * view.scale, source.size.height * view.scale);
    g.fillStyle = 'rgb(0 0 0 / 0.45)';
    g.beginPath();
    g.rect(0, 0, BOX, BOX);
    g.arc(BOX / 2, BOX / 2, BOX / 2, 0, Math.PI * 2, true);
    g.fill('evenodd');
  }, [canvas, source, view]);

  const zoom = source && view ? zoomOf(view, source.size, BOX) : 1;
  const move = (dx: number, dy: number) => source && setView((v) => v && moveBy(v, dx, dy, source.size, BOX));
  const zoomBy = (k: number) =>
    source && setView((v) => v && zoomTo(v, zoomOf(v, source.size, BOX) * k, source.size, BOX));

  function onKeyDown(e: KeyboardEvent) {
    const step = e.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (m) move(m[0], m[1]);
    else if (e.key === '+' || e.key === '=') zoomBy(1.1);
    else if (e.key === '-') zoomBy(1 / 1.1);
    else return;
    e.preventDefault();
  }
  function onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  }
  function onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
    const all = pointers.current;
    const last = all.get(e.pointerId);
    if (!last) return;
    const before = [...all.values()];
    all.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (all.size === 1) move(e.clientX - last.x, e.clientY - last.y);
    else if (all.size === 2 && before.length === 2) {
      // Pinch: the change in distance between the two fingers is the change in zoom.
      const [a, b] = before as [{ x: number; y: number }, { x: number; y: number }];
      const [c, d] = [...all.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const was = Math.hypot(a.x - b.x, a.y - b.y);
      const now = Math.hypot(c.x - d.x, c.y - d.y);
      if (was > 0) zoomBy(now / was);
    }
  }
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => pointers.current.delete(e.pointerId);
  const onWheel = (e: WheelEvent) => zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);

  async function save() {
    if (!source || !view) return;
    setBusy(true);
    try {
      await onCropped(await cropToBlob(source, view));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={t`Crop your photo`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </Button>
          <Button onClick={() => void save()} busy={busy} disabled={!source}>
            {t`Use photo`}
          </Button>
        </>
      }
    >
      <div className="cropper">
        {failed ? (
          <p className="form-error" role="alert">
            {t`This picture could not be read. Choose a JPEG or PNG photo.`}
          </p>
        ) : !source ? (
          <Spinner label={t`Loading…`} />
        ) : (
          <>
            <canvas
              ref={setCanvas}
              className="cropper-canvas"
              style={{ width: BOX, height: BOX }}
              tabIndex={0}
              role="img"
              aria-label={t`Photo to crop. Drag or use the arrow keys to move it, + and - to zoom.`}
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onWheel={onWheel}
            />
            <label className="cropper-zoom">
              <span>{t`Zoom`}</span>
              <input
                type="range"
                min={1}
                max={MAX_ZOOM}
                step={0.01}
                value={zoom}
                onChange={(e) => setView((v) => v && zoomTo(v, Number(e.target.value), source.size, BOX))}
              />
            </label>
          </>
        )}
      </div>
    </Dialog>
  );
}
