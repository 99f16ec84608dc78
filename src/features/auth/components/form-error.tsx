import { AlertIcon } from '#ui/icons.tsx';

/** A server answer shown above the submit button ('Wrong username or password', 'Username is already taken'). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <AlertIcon size={18} />
      <span>{message}</span>
    </div>
  );
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** After a failed submit the first invalid field gets focus, so a phone scrolls to it and a screen reader reads it. */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
