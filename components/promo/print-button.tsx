'use client';

/** Opens the browser's print dialog: the code card prints on its own (see `.promo-card` print styles). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="button button--ghost" onClick={() => window.print()}>
      {label}
    </button>
  );
}
