'use client';

import { useEffect, useId, useRef } from 'react';

type Props = { open: boolean; title: string; text: string; closeLabel: string; onClose: () => void };

/**
 * A policy text in a modal dialog. The native <dialog> opened with showModal() traps
 * focus, closes on Escape and makes the page behind it inert; focus returns to the
 * button that opened it.
 */
export function PolicyDialog({ open, title, text, closeLabel, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="policy-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <div className="policy-dialog__text">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <button type="button" className="button" onClick={onClose} autoFocus>
        {closeLabel}
      </button>
    </dialog>
  );
}
