/** Copies a value and says '已复制' in the member's language (docs/product.md, Dialogs and widgets). */
import { useLingui } from '@lingui/react/macro';
import { useToast } from '#ui/toast.tsx';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast('success', t`已复制`);
    } catch {
      toast('warning', t`Copying is not allowed here; select the text instead`);
    }
  };
  return (
    <button type="button" className="copy-btn" onClick={copy} aria-label={t`Copy ${label}`} title={t`Copy ${label}`}>
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </svg>
    </button>
  );
}
