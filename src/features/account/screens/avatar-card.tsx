import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { type ChangeEvent, useRef, useState } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { checkImage, uploadImage } from '#features/uploads/index.ts';
import type { UserInfo } from '#protocol/user.ts';
import { Avatar } from '#ui/avatar.tsx';
import { Button } from '#ui/button.tsx';
import { ImageIcon } from '#ui/more-icons.tsx';
import { useToast } from '#ui/toast.tsx';
import { updateProfile } from '../api.ts';
import { LevelBadge } from '../components/level-badge.tsx';
import { AvatarCropper } from './avatar-cropper.tsx';
import { refusalOf } from './server-errors.ts';

/**
 * My photo beside my name and level. A new one is chosen (JPEG or PNG), cropped to the 200 px square
 * (avatar-cropper.tsx), uploaded as type `avatar` through the uploads feature and saved as my avatar.
 */
export function AvatarCard({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const setUser = useSetAtom(userInfoAtom);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState(false);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setProblem('');
    if (!chosen) return;
    // Any size: the cropper draws it down to 200 px; only the kind is checked here.
    if (checkImage(chosen, Number.POSITIVE_INFINITY)?.kind === 'not-image') return setProblem(t`文件必须是图片!`);
    setFile(chosen);
  }

  async function save(avatar: string) {
    setUser(await updateProfile({ avatar }, { silent: true }));
    toast('success', t`Save successfully`);
  }

  async function upload(png: Blob) {
    setProgress(0);
    try {
      const url = await uploadImage(new File([png], 'avatar.png', { type: 'image/png' }), {
        type: 'avatar',
        onProgress: setProgress,
      });
      await save(url);
      setFile(null);
    } catch (error) {
      setProblem(refusalOf(error, [], i18n, t`error`).message);
      setFile(null);
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    setRemoving(true);
    setProblem('');
    try {
      await save('');
    } catch (error) {
      setProblem(refusalOf(error, [], i18n, t`error`).message);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section className="account-card avatar-card" aria-labelledby="profile-photo">
      <h2 className="sr-only" id="profile-photo">{t`Photo`}</h2>
      <Avatar src={user.avatar} name={user.username} size={88} />
      <div className="avatar-card-who">
        <strong className="panel-name">
          <bdi>{user.username}</bdi>
        </strong>
        <LevelBadge levelName={user.levelName} />
      </div>
      <div className="avatar-card-actions">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pick}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} busy={progress !== null}>
          <ImageIcon size={16} />
          {t`Change photo`}
        </Button>
        {user.avatar && (
          <Button variant="ghost" size="sm" onClick={() => void remove()} busy={removing}>
            {t`Remove photo`}
          </Button>
        )}
      </div>
      {progress !== null && (
        <div className="avatar-progress" role="status">
          <span>{t`The image is being uploaded`}</span>
          <progress max={100} value={progress} aria-label={t`The image is being uploaded`} />
        </div>
      )}
      {problem && (
        <p className="form-error avatar-problem" role="alert">
          {problem}
        </p>
      )}
      <AvatarCropper file={file} onCancel={() => setFile(null)} onCropped={upload} />
    </section>
  );
}
