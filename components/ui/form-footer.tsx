import { Button } from './button';

/** A form's last rows: the server's refusal (read out to screen readers) and the submit button. */
export function FormFooter({ error, busy, label, busyLabel }: { error: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}
