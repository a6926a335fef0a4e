'use client';

import { Suspense, useEffect } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { embedHost, sendEmbedEvent } from '@/lib/embed/client';

/**
 * In the loader's frame (docs/embed.md): says `ready`, reports each page as a step, and
 * sends the content's height whenever it changes (ResizeObserver: every step, error and
 * open accordion), so the host page sizes the frame with no inner scrollbar. Forms and
 * links marked `data-embed-top` (a flow that needs a cookie: the gift card checkout) open
 * top-level in a new tab. Outside a frame it does nothing.
 */
function Bridge() {
  const pathname = usePathname();
  const search = useSearchParams().toString();

  useEffect(() => {
    if (!embedHost()) return;
    sendEmbedEvent({ type: 'ready', path: location.pathname });
    let last = 0;
    const measure = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      sendEmbedEvent({ type: 'resize', height });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    measure();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!embedHost()) return;
    for (const el of document.querySelectorAll<HTMLFormElement | HTMLAnchorElement>('[data-embed-top]')) {
      el.target = '_blank';
      if (el instanceof HTMLAnchorElement) el.rel = 'opener';
    }
    if (!location.pathname.match(/\/reserve\/?$/)) sendEmbedEvent({ type: 'step', flow: 'page', step: 'page', path: location.pathname });
  }, [pathname, search]);

  return null;
}

export function EmbedBridge() {
  return (
    <Suspense fallback={null}>
      <Bridge />
    </Suspense>
  );
}
