'use client';

import { Activity, Suspense, use, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type Options = {
  /**
   * `interaction` (the default): the code is fetched when the guest first points at, touches,
   * focuses, types in or submits the component's server HTML, which stays on the page (and
   * works as HTML) until then. `idle`: once the page has loaded and the browser is idle.
   */
  when?: 'interaction' | 'idle';
  /** Fetch at once when this says so (the URL already names a later step, whose data the component fetches). */
  now?: () => boolean;
  /**
   * false: no boundary of its own; the screen's boundary shows its fallback meanwhile
   * (the booking wizard, rendered in the browser only, behind its server-rendered first step).
   */
  boundary?: boolean;
  /**
   * With `boundary: false`, a selector of that server-rendered fallback: interacting with it
   * fetches the code as interacting with the component's own HTML does, a link or GET form in
   * it followed before the code is there is followed in the browser's history instead (the
   * component opens at that choice), and the focus inside it moves to the same control in the
   * component, or to the component's first heading after such a choice.
   */
  fallback?: string;
};

/** What the guest did to a control before the component was hydrated, to be done again after. */
type Typed = { value: string; checked: boolean };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: EventTarget | null): el is Control => el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * Sets a control's value again as the guest's typing does, so React (and react-hook-form, which
 * sets a field to its default value when it registers it, or else does not know of what is in
 * it) hears of it: React's record of the value is set apart first, so the event is a change to it.
 */
function replay(el: Control, typed: Typed) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    el.checked = !typed.checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(el, typed.checked);
    // A plain event, not a MouseEvent: React hears a click; the browser does not toggle the box again.
    el.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  if (!(el instanceof HTMLSelectElement)) el.value = typed.value ? '' : ' ';
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, typed.value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** `useSyncExternalStore` for what a render is (on the server, hydrating, or not): nothing to subscribe to. */
const subscribeNothing = () => () => undefined;

const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Where the focus was in a fallback before the component took its place (see `refocus`). */
let focusedInFallback: { text: string; tag: string; index: number; chose: boolean } | null = null;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Listens, from the module's first run in the browser, to the server-rendered fallback that
 * stands for a component rendered in the browser only (the wizard's first step): the code is
 * fetched on the guest's first pointer, touch, focus or key there; a link or a GET form followed
 * before it is there changes the address in the browser's history (Next's router hears of it)
 * rather than loading the page again, and the component then opens at that choice. The code
 * failing to load: the page is loaded at that address, as without scripts.
 */
function standIn(selector: string, open: () => void, fetchCode: () => Promise<unknown>) {
  const within = (event: Event) => (event.target instanceof Element ? event.target.closest(selector) : null);
  const follow = (url: string) => {
    history.pushState(null, '', url);
    if (focusedInFallback) focusedInFallback.chose = true;
    open();
    fetchCode().catch(() => location.assign(url));
  };
  for (const type of INTERACTIONS) window.addEventListener(type, (event) => void (within(event) && open()), { capture: true, passive: true });
  window.addEventListener(
    'focusin',
    (event) => {
      const root = within(event);
      const el = event.target as Element;
      focusedInFallback = root ? { text: el.textContent?.trim() ?? '', tag: el.tagName, index: [...root.querySelectorAll(FOCUSABLE)].indexOf(el), chose: false } : null;
    },
    true,
  );
  window.addEventListener(
    'click',
    (event) => {
      const link = within(event) && (event.target as Element).closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (link.origin !== location.origin || link.pathname !== location.pathname) return;
      event.preventDefault();
      follow(link.href);
    },
    true,
  );
  // The larger parties' select: a choice there is made at once, as the wizard's own select does (no-JS: with its button).
  window.addEventListener(
    'change',
    (event) => {
      const select = within(event) && event.target;
      if (select instanceof HTMLSelectElement && select.form?.method.toLowerCase() === 'get') select.form.requestSubmit();
    },
    true,
  );
  window.addEventListener(
    'submit',
    (event) => {
      const form = within(event) && event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
      event.preventDefault();
      const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
      follow(`${location.pathname}?${query}`);
    },
    true,
  );
}

/**
 * The component has taken its fallback's place: the focus the guest had in the fallback (lost
 * with its elements) goes to the same control (by its text, or a select by its kind, else by
 * its place), or, after a choice made there, to the component's first heading (its step's).
 */
function refocus(root: HTMLElement) {
  const was = focusedInFallback;
  focusedInFallback = null;
  // The guest has moved on (the fallback's controls are gone, so a focus still there is elsewhere).
  if (!was || (document.activeElement && document.activeElement !== document.body)) return;
  const heading = root.querySelector<HTMLElement>('h1[tabindex], h2[tabindex], h3[tabindex]');
  if (was.chose) {
    heading?.focus();
    return;
  }
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const same = all.find((el) => was.text && (el.tagName === 'A' || el.tagName === 'BUTTON') && el.textContent?.trim() === was.text) ?? all.find((el) => el.tagName === was.tag && el.tagName === 'SELECT') ?? all[was.index];
  (same ?? heading)?.focus();
}

/**
 * A client component whose code is not in the page's first load (docs/performance.md,
 * "JavaScript budget"). On the server it renders as it always does, so the page's HTML holds
 * the whole form, with its labels and fields; in the browser that HTML is left as it is (React
 * keeps a suspended boundary's server HTML) until the code is fetched and hydrates it. What the
 * guest typed or ticked meanwhile is set again through the component's own handlers, a submit
 * is held and sent once the form's code is there, and a button pressed is pressed again.
 *
 * The boundary over server HTML is an `<Activity>`, not a `<Suspense>`: React hydrates both the
 * same way (a child suspending leaves the server HTML in place, hydrated when it is ready; an
 * event there asks for it first), but its server renderer writes a Suspense boundary whose
 * bytes and the page's pass `progressiveChunkSize` (12,800) after the page's end, hidden, and
 * moves it into place by script after the first paint: the form appeared late and pushed the
 * footer down (loyalty's layout shift, 0.45; docs/performance.md). An Activity is written in
 * place, always. Rendered in the browser alone (a client navigation, no server HTML), the
 * component is behind a Suspense boundary, as an Activity does not show a fallback.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, { when = 'interaction', now, boundary = true, fallback }: Options = {}) {
  let loading: Promise<ComponentType<P>> | undefined;
  // Marked as React marks a promise it has read, so that `use()` reads a settled one at once.
  const settled = (promise: Promise<ComponentType<P>>) => {
    promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }), () => undefined);
    return promise;
  };
  const fetchCode = () => (loading ??= settled(load()));
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let gated: Promise<ComponentType<P>> | undefined;
  const whenOpen = () => (gated ??= settled(gate.then(fetchCode)));

  if (typeof window === 'undefined') {
    // The server renders the component itself: its code is loaded with this module.
    open();
    void fetchCode();
  } else if (now?.()) {
    open();
  } else if (fallback) {
    standIn(fallback, open, fetchCode);
  } else if (when === 'idle') {
    const idle = () => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(() => open());
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }

  function Component(props: P) {
    const C = use(typeof window === 'undefined' ? fetchCode() : whenOpen());
    return <C {...props} />;
  }

  /** Runs after the component's first commit in this boundary: what the guest did before is done again. */
  function Hydrated({ done }: { done: () => void }) {
    useEffect(done, [done]);
    return null;
  }

  function Deferred(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const id = useId();
    // Hydrated over the server's HTML, or rendered in the browser alone (a client-side navigation).
    const [hydrating] = useState(() => {
      if (typeof document === 'undefined') return false;
      const over = document.querySelector(`[data-deferred="${CSS.escape(id)}"]`) !== null;
      // Not hydrated: no server HTML to show meanwhile, so fetched at once.
      // `now` read again here: the page's HTML is all there by hydration (not always when the module first ran).
      if (now?.() || (when === 'interaction' && !(fallback ? document.querySelector(fallback) : over))) open();
      return over;
    });
    // Rendered as the server's HTML (the server snapshot: so a hydration reads it too) or over it.
    const overServerHtml = useSyncExternalStore(
      subscribeNothing,
      () => hydrating,
      () => true,
    );
    const [ready, setReady] = useState(false);
    const pending = useRef<{ typed: Map<Control, Typed>; submit: HTMLFormElement | null; submitter: HTMLElement | null; press: HTMLElement | null; hydrated: boolean; replayed: boolean }>({
      typed: new Map(),
      submit: null,
      submitter: null,
      press: null,
      hydrated: false,
      replayed: false,
    });

    useEffect(() => {
      const root = ref.current;
      const state = pending.current;
      if (!root || when !== 'interaction' || state.hydrated) return;
      // On the window, in the capture phase: React's own listener on the document stops the
      // events that reach a boundary it has not hydrated yet.
      const inside = (event: Event) => !state.hydrated && event.target instanceof Node && root.contains(event.target);
      const start = (event: Event) => {
        if (inside(event)) open();
      };
      const record = (event: Event) => {
        // Until the replay: what is typed between the hydration and it is what the replay sets (not the value before).
        if (state.replayed || !(event.target instanceof Node && root.contains(event.target)) || !isControl(event.target)) return;
        const el = event.target;
        state.typed.set(el, { value: el.value, checked: el instanceof HTMLInputElement && el.checked });
      };
      const hold = (event: Event) => {
        if (!inside(event)) return;
        // Not sent as a plain GET with the guest's details in the address: sent by the form's code.
        event.preventDefault();
        state.submit = event.target as HTMLFormElement;
        state.submitter = (event as SubmitEvent).submitter;
        open();
      };
      const press = (event: Event) => {
        if (!inside(event)) return;
        const button = (event.target as Element).closest('button[type="button"]');
        if (button instanceof HTMLElement) state.press = button;
      };
      const listeners: [string, (event: Event) => void][] = [...INTERACTIONS.map((type) => [type, start] as [string, (event: Event) => void]), ['input', record], ['change', record], ['submit', hold], ['click', press]];
      for (const [type, listener] of listeners) window.addEventListener(type, listener, true);
      return () => {
        for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
      };
    }, []);

    const done = useCallback(() => {
      const state = pending.current;
      if (state.hydrated) return;
      state.hydrated = true;
      if (fallback && ref.current) refocus(ref.current);
      // After every effect of this commit (react-hook-form subscribes to its own changes in one), as typing would.
      setTimeout(() => {
        state.replayed = true;
        for (const [el, typed] of state.typed) if (el.isConnected) replay(el, typed);
        state.typed.clear();
        if (state.submit?.isConnected) state.submit.requestSubmit(state.submitter instanceof HTMLButtonElement || state.submitter instanceof HTMLInputElement ? state.submitter : undefined);
        else if (state.press?.isConnected) state.press.click();
        setReady(true);
      }, 0);
    }, []);

    const content: ReactNode = (
      <>
        <Component {...props} />
        <Hydrated done={done} />
      </>
    );
    return (
      // data-ready: hydrated (an end-to-end test that leaves a form at once waits for it, as a guest's typing does).
      <div ref={ref} className="deferred" data-deferred={id} data-ready={ready || undefined}>
        {!boundary ? content : overServerHtml ? <Activity mode="visible">{content}</Activity> : <Suspense fallback={null}>{content}</Suspense>}
      </div>
    );
  }
  Deferred.displayName = 'Deferred';
  return Deferred;
}
