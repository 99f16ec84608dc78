/**
 * Photos shared to this conversation from the phone's share sheet (/share): they wait above the composer with
 * their previews until the member sends them (each as a photo message, like one picked here) or lets them go.
 * Loaded by the composer only when there are some, with its own texts (the screens catalog).
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';
import { Button } from '#ui/button.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import './shared-photos.css';

export interface SharedPhotosProps {
  files: readonly File[];
  disabled?: boolean;
  onSend: () => void;
  onDrop: () => void;
}

export default function SharedPhotos(props: SharedPhotosProps) {
  return (
    <ScreenCatalog>
      <Tray {...props} />
    </ScreenCatalog>
  );
}

function Tray({ files, disabled, onSend, onDrop }: SharedPhotosProps) {
  const { t } = useLingui();
  const id = useId();
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  const count = files.length;
  return (
    <section className="shared-photos" aria-labelledby={`${id}-title`}>
      <p className="shared-photos-title" id={`${id}-title`}>
        <Plural value={count} one="# shared photo, ready to send" other="# shared photos, ready to send" />
      </p>
      <ul className="shared-photos-list">
        {previews.map((url, i) => (
          <li key={url}>
            <img className="shared-photos-img" src={url} alt={files[i]?.name ?? ''} />
          </li>
        ))}
      </ul>
      <div className="shared-photos-actions">
        <Button variant="ghost" size="sm" onClick={onDrop} disabled={disabled}>
          {t`Don't send`}
        </Button>
        <Button size="sm" onClick={onSend} disabled={disabled}>
          <Plural value={count} one="Send the photo" other="Send # photos" />
        </Button>
      </div>
    </section>
  );
}
