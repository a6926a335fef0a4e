'use client';

import { useEffect } from 'react';

/** Sends the browser on to the hosted payment page once this page has been shown. */
export function Redirector({ url }: { url: string }) {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return null;
}
