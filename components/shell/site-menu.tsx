'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * The main navigation on a phone (issue 29: the header took 29 % of a 360 px screen): a
 * "Menu" disclosure in the header bar (a native <details>, so it works by keyboard and without
 * scripts), closed again when the guest moves to another page.
 */
export function SiteMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  return (
    <details className="site-menu" ref={ref}>
      <summary className="site-menu__toggle">
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      {children}
    </details>
  );
}
