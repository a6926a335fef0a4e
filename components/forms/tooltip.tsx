'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type Props = { label: string; children: ReactNode };

/**
 * Spec section 2, "Tooltips": on touch devices a tap opens and closes it; elsewhere it
 * opens on hover or keyboard focus. Escape closes it; its text describes the trigger.
 */
export function Tooltip({ label, children }: Props) {
  const [open, setOpen] = useState(false);
  const lastPointer = useRef<string>('mouse');
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open]);

  return (
    <span ref={wrapper} className="tooltip" onMouseLeave={() => lastPointer.current !== 'touch' && setOpen(false)}>
      <button
        type="button"
        className="tooltip__trigger"
        aria-describedby={id}
        aria-expanded={open}
        onPointerDown={(event) => {
          lastPointer.current = event.pointerType;
        }}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'touch') setOpen(true);
        }}
        onFocus={() => {
          if (lastPointer.current !== 'touch') setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onClick={() => {
          if (lastPointer.current === 'touch') setOpen((o) => !o);
        }}
      >
        {label}
      </button>
      <span id={id} role="tooltip" className="tooltip__bubble" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
