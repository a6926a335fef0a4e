'use client';

import { useEffect } from 'react';

/**
 * Spec section 2, "Unsaved forms": while `active`, leaving the page asks for confirmation
 * with `message`: in-app links (checked before Next's router sees the click), the back
 * button, and closing or reloading the tab (the browser shows its own wording there).
 */
let guarded: string | null = null;

/** The question to ask before leaving, while a form on the page holds unsaved data (else null): the language switcher asks it too. */
export function unsavedMessage(): string | null {
  return guarded;
}

export function useUnsavedGuard(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    guarded = message;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.hash) return; // in-page anchor (error summary)
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };

    // The back button: a guard entry in the history catches the first step back.
    // The router's own state is kept on the guard entry, so Next treats it as its own.
    const guard = () => window.history.pushState({ ...window.history.state, unsavedGuard: true }, '', window.location.href);
    guard();
    const onPopState = () => {
      if (window.confirm(message)) {
        window.removeEventListener('popstate', onPopState);
        window.history.back();
      } else {
        guard();
      }
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      guarded = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [active, message]);
}
