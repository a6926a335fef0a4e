import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';
import { escapeHtml } from './escape';

/**
 * An experience's description as written in the venue file ("may contain simple HTML"),
 * made safe to put into a page, on the server (issue 45): only these elements are kept, with
 * no attribute but a link's `href` (http, https or mailto). Other elements are unwrapped (their
 * text stays); scripts, styles and the like go with their content; comments are dropped.
 */
export const DESCRIPTION_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'] as const;
const ALLOWED = new Set<string>(DESCRIPTION_TAGS);
/** Elements whose content is code or markup, not text: dropped whole. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'select', 'svg', 'math', 'head', 'title']);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function render(nodes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeType === NodeType.TEXT_NODE) {
      out += escapeHtml(node.text);
      continue;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) continue;
    const element = node as HTMLElement;
    const tag = element.rawTagName?.toLowerCase() ?? '';
    if (DROPPED.has(tag)) continue;
    const inner = render(element.childNodes);
    if (!ALLOWED.has(tag)) out += inner;
    else if (tag === 'br') out += '<br>';
    else if (tag === 'a') {
      // Control characters and spaces browsers ignore inside a scheme ("java\tscript:") are taken out before the check.
      const href = (element.getAttribute('href') ?? '').replace(/[\u0000-\u0020\u007f]/g, '');
      out += SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${inner}</a>` : inner;
    } else out += `<${tag}>${inner}</${tag}>`;
  }
  return out;
}

/** The description as safe HTML (see above); plain text comes back escaped. */
export function sanitizeDescription(html: string): string {
  if (!html) return '';
  return render(parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true, pre: true } }).childNodes);
}

/** The description as plain text (meta description, structured data): its words without markup. */
export function descriptionText(html: string): string {
  if (!html) return '';
  return parse(sanitizeDescription(html)).text.replace(/\s+/g, ' ').trim();
}

/** Each language's description made safe (see sanitizeDescription). */
export function sanitizedTexts<T extends Partial<Record<string, string>>>(texts: T): T {
  return Object.fromEntries(Object.entries(texts).map(([locale, text]) => [locale, typeof text === 'string' ? sanitizeDescription(text) : text])) as T;
}
