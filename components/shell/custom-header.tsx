import { createElement, type ReactElement } from 'react';
import { readCustomHeader, type HeadElement } from '@/lib/venue/custom-header';

const RENAMED: Record<string, string> = {
  class: 'className',
  charset: 'charSet',
  'http-equiv': 'httpEquiv',
  crossorigin: 'crossOrigin',
  referrerpolicy: 'referrerPolicy',
  nomodule: 'noModule',
};

/**
 * The venue's `customHeader` (spec section 3) as real <head> elements, so the browser
 * runs its scripts as it parses the page: an inline script becomes a <script> whose
 * text is the venue's, not a React-managed string. What is left out (lib/venue/custom-header.ts)
 * the venue import lists as warnings.
 */
export function CustomHeader({ html }: { html: string }) {
  if (!html.trim()) return null;
  return <>{readCustomHeader(html).elements.map(toElement)}</>;
}

function toElement({ tag, attributes, inner }: HeadElement, index: number): ReactElement {
  const props: Record<string, unknown> = { key: `venue-head-${index}` };
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    props[RENAMED[lower] ?? lower] = value === '' && (lower === 'async' || lower === 'defer' || lower === 'nomodule') ? true : value;
  }
  if (inner && (tag === 'script' || tag === 'style' || tag === 'noscript')) {
    props.dangerouslySetInnerHTML = { __html: inner };
  }
  return createElement(tag, props);
}

/** The venue's `customFooter`, as it wrote it, at the end of <body>. */
export function CustomFooter({ html }: { html: string }) {
  if (!html.trim()) return null;
  return <div className="venue-custom-footer" dangerouslySetInnerHTML={{ __html: html }} />;
}
