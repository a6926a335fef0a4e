import { createElement, type ReactElement } from 'react';
import { parse, NodeType, type HTMLElement } from 'node-html-parser';

/** Elements a venue may put in <head>; anything else in its header is dropped. */
const HEAD_TAGS = new Set(['meta', 'link', 'script', 'style', 'noscript', 'base']);
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
 * text is the venue's, not a React-managed string.
 */
export function CustomHeader({ html }: { html: string }) {
  if (!html.trim()) return null;
  const nodes = parse(html, { comment: false }).childNodes.filter(
    (n): n is HTMLElement => n.nodeType === NodeType.ELEMENT_NODE && HEAD_TAGS.has((n as HTMLElement).rawTagName?.toLowerCase()),
  );
  return <>{nodes.map(toElement)}</>;
}

function toElement(node: HTMLElement, index: number): ReactElement {
  const tag = node.rawTagName.toLowerCase();
  const props: Record<string, unknown> = { key: `venue-head-${index}` };
  for (const [name, value] of Object.entries(node.attributes)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('on')) continue;
    props[RENAMED[lower] ?? lower] = value === '' && (lower === 'async' || lower === 'defer' || lower === 'nomodule') ? true : value;
  }
  const inner = node.innerHTML;
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
