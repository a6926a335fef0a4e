import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';

/** Elements a venue may put in <head> (spec section 3); anything else in its header is dropped. */
export const HEAD_TAGS = ['meta', 'link', 'script', 'style', 'noscript', 'base'] as const;
const HEAD_TAG_SET = new Set<string>(HEAD_TAGS);

export type HeadElement = { tag: string; attributes: Record<string, string>; inner: string };

/** An event-handler attribute (`onload`, `onerror`...): never copied into the page. */
export const isHandlerAttribute = (name: string) => name.toLowerCase().startsWith('on');

/**
 * The venue's `customHeader` read as the page renders it: its <head> elements without
 * event-handler attributes, and, in plain words, everything left out (the import lists
 * these as warnings rather than dropping them silently).
 */
export function readCustomHeader(html: string): { elements: HeadElement[]; dropped: string[] } {
  const elements: HeadElement[] = [];
  const dropped: string[] = [];
  if (!html.trim()) return { elements, dropped };
  for (const node of parse(html, { comment: true }).childNodes as Node[]) {
    if (node.nodeType === NodeType.COMMENT_NODE) {
      dropped.push('an HTML comment');
      continue;
    }
    if (node.nodeType === NodeType.TEXT_NODE) {
      const text = node.text.trim();
      if (text) dropped.push(`the text "${text.length > 40 ? `${text.slice(0, 40)}…` : text}" outside any element`);
      continue;
    }
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? '';
    if (!HEAD_TAG_SET.has(tag)) {
      dropped.push(`the <${tag}> element (only ${HEAD_TAGS.map((t) => `<${t}>`).join(', ')} go in <head>)`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(element.attributes)) {
      if (isHandlerAttribute(name)) dropped.push(`the ${name} attribute of <${tag}> (event handlers are not copied)`);
      else attributes[name] = value;
    }
    elements.push({ tag, attributes, inner: element.innerHTML });
  }
  return { elements, dropped };
}
