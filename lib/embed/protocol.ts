/**
 * The messages a framed page sends to the loader (/embed.js) on the venue's website, and
 * which the loader re-dispatches on the host page as `frontpage:{type}` events
 * (docs/embed.md). No personal data: no name, e-mail, phone or notes.
 */
export type EmbedEvent =
  | { type: 'ready'; path: string }
  | { type: 'step'; flow: 'reserve' | 'page'; step: string; path: string }
  | { type: 'booked'; id: string; status: string; pax: number; date: string }
  | { type: 'giftcard-purchased'; orderId: string }
  | { type: 'resize'; height: number };

/** Every message carries this tag, so the loader ignores other scripts' messages. */
export const EMBED_TAG = 'frontpage';
/** The frame's window.name the loader sets: `frontpage-embed|{host page origin}|{t: transparent background}`. */
export const EMBED_NAME_PREFIX = 'frontpage-embed|';

/** The host page's origin and options, from the frame's name (kept by the browser across the frame's navigations). */
export function readFrameName(name: string): { origin: string; transparent: boolean } | null {
  if (!name.startsWith(EMBED_NAME_PREFIX)) return null;
  const [origin, flags = ''] = name.slice(EMBED_NAME_PREFIX.length).split('|');
  if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin)) return null;
  return { origin: origin.toLowerCase(), transparent: flags.includes('t') };
}

/** Runs before the first paint (an inline script in <head>): marks the document as framed, so the embed layout shows at once. */
export const EMBED_HEAD_SCRIPT = `try{if(self!==top){var n=String(window.name),d=document.documentElement;d.setAttribute('data-embed',n.indexOf('${EMBED_NAME_PREFIX}')===0&&/\\|[^|]*t[^|]*$/.test(n.slice(${EMBED_NAME_PREFIX.length}))?'transparent':'on')}}catch(e){}`;
