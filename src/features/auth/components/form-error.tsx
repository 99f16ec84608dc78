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
