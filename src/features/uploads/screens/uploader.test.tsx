// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import type { UploadOptions } from '../upload.api.ts';
import { type UploadedImage, Uploader } from './uploader.tsx';

afterEach(cleanup);
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => `blob:${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

const jpeg = (name: string, bytes = 10) => {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('uploader-input'), { target: { files } });

/** An upload the test finishes by hand, with the progress callback it was given. */
function manualUpload() {
  const calls: { file: File; options: UploadOptions; resolve: (url: string) => void }[] = [];
  const upload = vi.fn(
    (file: File, options: UploadOptions) =>
      new Promise<string>((resolve) => {
        calls.push({ file, options, resolve });
      }),
  );
  return { upload, calls };
}

function setup(props: Partial<Parameters<typeof Uploader>[0]> = {}) {
  const seen: UploadedImage[][] = [];
  const { upload, calls } = manualUpload();
  renderWithApp(
    <Uploader type="moment" onChange={(images) => seen.push(images)} upload={upload} shrink={vi.fn()} {...props} />,
  );
  return { seen, upload, calls, last: () => seen.at(-1) };
}

describe('Uploader (docs/product.md, Uploads)', () => {
  it('refuses anything but jpeg or png with 文件必须是图片!', () => {
    const { upload } = setup();
    pick(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe('文件必须是图片!');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows a progress bar and “The image is being uploaded” until the photo is up, then reports it', async () => {
    const { calls, last } = setup();
    pick(jpeg('a.jpg'));
    const bar = await screen.findByLabelText('The image is being uploaded');
    expect(bar.tagName).toBe('PROGRESS');
    expect(screen.getByRole('status').textContent).toBe('The image is being uploaded');
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.options.onProgress?.(40));
    expect((bar as HTMLProgressElement).value).toBe(40);
    await act(async () => calls[0]?.resolve('/uploads/a.jpg'));
    expect(screen.queryByLabelText('The image is being uploaded')).toBeNull();
    expect(last()).toEqual([{ url: '/uploads/a.jpg', alt: '' }]);
  });

  it('refuses a pick past the limit, giving the limit, the number chosen and the total', async () => {
    const { upload } = setup({ limit: 5 });
    pick(jpeg('1.jpg'), jpeg('2.jpg'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    pick(jpeg('3.jpg'), jpeg('4.jpg'), jpeg('5.jpg'), jpeg('6.jpg'));
    expect(screen.getByRole('alert').textContent).toBe('You can add at most 5 photos: you chose 4 now, 6 in all.');
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('with a limit of 1, a new photo replaces the old', async () => {
    const { calls, last } = setup({ limit: 1 });
    pick(jpeg('old.jpg'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.resolve('/uploads/old.jpg'));
    expect(screen.getByRole('button', { name: 'Replace photo' })).toBeTruthy();
    pick(jpeg('new.jpg'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.resolve('/uploads/new.jpg'));
    expect(last()).toEqual([{ url: '/uploads/new.jpg', alt: '' }]);
    expect(document.querySelectorAll('.uploader-img')).toHaveLength(1);
  });

  it('halves a photo over the limit instead of refusing it, and says the size when even that fails', async () => {
    const small = jpeg('small.jpg', 100);
    const shrink = vi.fn(async (file: File) => (file.name === 'big.jpg' ? small : null));
    const { calls } = setup({ shrink, maxBytes: 1000 });
    pick(jpeg('big.jpg', 5000));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(shrink).toHaveBeenCalledWith(expect.objectContaining({ name: 'big.jpg' }), 1000);
    expect(calls[0]?.file).toBe(small);
    pick(jpeg('huge.jpg', 9000));
    expect((await screen.findByRole('alert')).textContent).toBe('上传图片大小不能超过 1KB');
  });

  it('keeps each photo’s alt text with it and removes a photo', async () => {
    const { calls, last } = setup({ withAlt: true });
    pick(jpeg('a.jpg'), jpeg('b.jpg'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => {
      calls[0]?.resolve('/uploads/a.jpg');
      calls[1]?.resolve('/uploads/b.jpg');
    });
    fireEvent.change(screen.getByLabelText('Description of photo 2 (optional)'), { target: { value: 'A red kite' } });
    expect(last()).toEqual([
      { url: '/uploads/a.jpg', alt: '' },
      { url: '/uploads/b.jpg', alt: 'A red kite' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(last()).toEqual([{ url: '/uploads/b.jpg', alt: 'A red kite' }]);
  });

  it('says 未上传照片 when disabled and empty', () => {
    setup({ disabled: true });
    expect(screen.getByText('未上传照片')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
  });
});
