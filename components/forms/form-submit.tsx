/**
 * A form's end, as every form of the site ends: the notice of a send that failed (announced,
 * `role="alert"`), then the submit button, disabled and `aria-busy` while sending.
 */
export function FormSubmit({ notice, busy, disabled = false, label, busyLabel = label }: { notice?: string | null; busy: boolean; disabled?: boolean; label: string; busyLabel?: string }) {
  return (
    <>
      {notice ? (
        <p role="alert" className="field__error">
          {notice}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy || undefined}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
