// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#ui/test-render.tsx';
import { Composer } from './composer.tsx';

afterEach(cleanup);

function setup(onSendImage = vi.fn(async () => {})) {
  const onSendText = vi.fn();
  renderWithApp(<Composer onSendText={onSendText} onSendImage={onSendImage} />);
  const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  return { onSendText, onSendImage, box, type };
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });

describe('Composer', () => {
  it('Enter sends the text and clears the box', () => {
    const { onSendText, box, type } = setup();
    type('hi alice');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSendText).toHaveBeenCalledWith('hi alice');
    expect(box.value).toBe('');
  });

  it('Shift+Enter does not send (it is a new line)', () => {
    const { onSendText, box, type } = setup();
    type('line one');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSendText).not.toHaveBeenCalled();
    expect(box.value).toBe('line one');
  });

  it('empty or whitespace is never sent and the Send button stays disabled', () => {
    const { onSendText, box, type } = setup();
    type('   \n  ');
    fireEvent.keyDown(box, { key: 'Enter' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(send);
    expect(onSendText).not.toHaveBeenCalled();
  });

  it('the Send button sends too', () => {
    const { onSendText, type } = setup();
    type('by click');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSendText).toHaveBeenCalledWith('by click');
  });

  it('holds at most 2,000 characters and shows a counter near the limit', () => {
    const { box, type } = setup();
    expect(box.maxLength).toBe(2000);
    type('x'.repeat(100));
    expect(screen.queryByText(/of 2000 characters/)).toBeNull();
    type('x'.repeat(1900));
    expect(screen.getByText('1900 of 2000 characters')).toBeTruthy();
  });

  it('refuses a non-image file with the docs/product.md Uploads text and uploads nothing', () => {
    const { onSendImage } = setup();
    pick(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe('文件必须是图片!');
    expect(onSendImage).not.toHaveBeenCalled();
  });

  it('halves a photo over 5 MiB before upload and sends the smaller one', async () => {
    const onSendImage = vi.fn(async () => {});
    const small = new File(['s'], 'big.png', { type: 'image/png' });
    const shrink = vi.fn(async () => small);
    renderWithApp(<Composer onSendText={vi.fn()} onSendImage={onSendImage} shrink={shrink} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    await act(async () => pick(big));
    expect(shrink).toHaveBeenCalledWith(big);
    expect(onSendImage).toHaveBeenCalledWith(small);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a photo that stays over 5 MiB, or cannot be drawn, with the size in the text', async () => {
    for (const shrink of [vi.fn(async () => null), vi.fn(async () => Promise.reject(new Error('not decodable')))]) {
      const onSendImage = vi.fn(async () => {});
      renderWithApp(<Composer onSendText={vi.fn()} onSendImage={onSendImage} shrink={shrink} />);
      const big = new File(['x'], 'big.png', { type: 'image/png' });
      Object.defineProperty(big, 'size', { value: 5_242_881 });
      await act(async () => pick(big));
      expect(screen.getByRole('alert').textContent).toBe('上传图片大小不能超过 5MB');
      expect(onSendImage).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('says "The image is being uploaded" until the upload settles', async () => {
    let finish = () => {};
    const onSendImage = vi.fn(() => new Promise<void>((r) => (finish = r)));
    setup(onSendImage);
    pick(new File(['png'], 'ok.png', { type: 'image/png' }));
    expect(onSendImage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('The image is being uploaded');
    await act(async () => finish());
    expect(screen.queryByText('The image is being uploaded')).toBeNull();
  });
});
