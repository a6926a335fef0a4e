'use client';

import { preload } from 'react-dom';

type Props = { href: string; imageSrcSet?: string; imageSizes?: string; type?: string };

/**
 * Preloads a page's largest photo from the document's head, with high priority. A client
 * component on purpose: rendered into the server's HTML, as `next/image` preloads, but not
 * when the page is only prefetched by a link on another page (a server component's preload is
 * a hint in the page's RSC payload, which the browser acts on as soon as it is prefetched:
 * every page then fetched the photos of the pages it links to).
 */
export function PreloadPhoto({ href, imageSrcSet, imageSizes, type }: Props) {
  preload(href, { as: 'image', imageSrcSet, imageSizes, type, fetchPriority: 'high' });
  return null;
}
