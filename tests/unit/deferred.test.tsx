/**
 * @jest-environment jsdom
 */
import { act, Suspense, useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server.node';
import { Writable } from 'node:stream';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { deferred } from '@/components/forms/deferred';
import { changedFrom } from '@/components/forms/use-guest-form';

type Props = { label: string };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const changes: string[] = [];
const sent: string[] = [];

/** A form as the guest forms are: uncontrolled fields whose handlers only the browser's code has. */
function Form({ label }: Props) {
  const [pressed, setPressed] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.push(String(new FormData(event.currentTarget).get('name')));
  };
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor="name">{label}</label>
      <input id="name" name="name" onChange={(e) => changes.push(`name=${e.target.value}`)} />
      <input id="ok" name="ok" type="checkbox" onChange={(e) => changes.push(`ok=${e.target.checked}`)} />
      <button type="button" onClick={() => setPressed((n) => n + 1)}>
        pressed {pressed}
      </button>
      <button type="submit">send</button>
    </form>
  );
}

// React's streaming server renderer schedules its work with Node's setImmediate, which jsdom's window has not.
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? nodeSetImmediate });

/** What React's streaming server renderer (the one Next uses) writes for `element`, once all of it is ready. */
function streamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        html += chunk.toString();
        next();
      },
      final(next) {
        resolve(html);
        next();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

/** A form whose HTML is longer than React's progressive chunk (12,800 bytes), as the loyalty form's with its phone prefixes. */
function LongForm({ label }: Props) {
  return (
    <form>
      <label htmlFor="name">{label}</label>
      <input id="name" name="name" onChange={(e) => changes.push(`name=${e.target.value}`)} />
      <label htmlFor="prefix">Prefix</label>
      <select id="prefix" name="prefix" defaultValue="+39">
        {Array.from({ length: 400 }, (_, i) => (
          <option key={i} value={`+${i}`}>
            Country number {i} (+{i})
          </option>
        ))}
      </select>
    </form>
  );
}

/** The form, and the guest typing on in its name field just after it is hydrated (before what was typed earlier is replayed). */
function FormTypedIntoAtOnce(props: Props) {
  useEffect(() => {
    queueMicrotask(() => {
      const name = document.querySelector<HTMLInputElement>('input[name="name"]')!;
      name.value += ' Rossi';
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, []);
  return <Form {...props} />;
}

/** A page around the form: content after it (a footer), as the guest pages have. */
const Page = ({ children }: { children: ReactNode }) => (
  <>
    <main>{children}</main>
    <footer>The venue&apos;s address</footer>
  </>
);

/** The server's HTML: the same wrapper with the code already there (the server loads it with the module). */
async function serverHtml(props: Props, Rendered: ComponentType<Props> = Form) {
  const Server = deferred(async () => Rendered, { now: () => true });
  return streamed(
    <Page>
      <Server {...props} />
    </Page>,
  );
}

/** A deferred form hydrated over its server HTML, with its code fetched only when `release` is called after it was asked for. */
async function hydrate(Rendered: ComponentType<Props> = Form) {
  let release: () => void = () => undefined;
  const load = jest.fn(() => new Promise<ComponentType<Props>>((resolve) => (release = () => resolve(Rendered))));
  const Deferred = deferred(load);
  const container = document.createElement('div');
  const html = await serverHtml({ label: 'Name' }, Rendered);
  container.innerHTML = html;
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <Page>
        <Deferred label="Name" />
      </Page>,
    );
  });
  return { html, container, load, release: () => release(), unmount: () => act(() => root?.unmount()) };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
/** Until the form is hydrated (and what was done before is done again). */
const hydrated = async (container: HTMLElement) => {
  for (let i = 0; i < 200 && !container.querySelector('.deferred[data-ready]'); i++) await settle();
};

beforeEach(() => {
  changes.length = 0;
  sent.length = 0;
  document.body.innerHTML = '';
});

describe('deferred (a form hydrated when the guest reaches for it)', () => {
  test('the server HTML holds the whole form, and its code is not fetched until the guest reaches for it', async () => {
    const { container, load, unmount } = await hydrate();
    expect(container.querySelector('label[for="name"]')?.textContent).toBe('Name');
    expect(container.querySelector('input[name="name"]')).not.toBeNull();
    await settle();
    expect(load).not.toHaveBeenCalled();
    container.querySelector('input[name="name"]')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await unmount();
  });

  test('what is typed and ticked before hydration reaches the form’s handlers after it', async () => {
    const { container, release, unmount } = await hydrate();
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    const ok = container.querySelector<HTMLInputElement>('input[name="ok"]')!;
    name.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    name.value = 'Giulia';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    ok.checked = true;
    ok.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(changes).toEqual([]);
    release();
    await hydrated(container);
    expect(changes).toEqual(['name=Giulia', 'ok=true']);
    expect(name.value).toBe('Giulia');
    expect(ok.checked).toBe(true);
    expect(container.querySelector('.deferred')?.hasAttribute('data-ready')).toBe(true);
    await unmount();
  });

  test('what is typed between the hydration and the replay of what was typed before is kept', async () => {
    const { container, release, unmount } = await hydrate(FormTypedIntoAtOnce);
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    name.value = 'Giulia';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    release();
    await hydrated(container);
    expect(name.value).toBe('Giulia Rossi');
    expect(changes.at(-1)).toBe('name=Giulia Rossi');
    await unmount();
  });

  test('a form longer than React’s progressive chunk is written in its place, not after the page’s end to be moved there by a script after the first paint', async () => {
    const { html, container, load, release, unmount } = await hydrate(LongForm);
    expect(html.length).toBeGreaterThan(12_800);
    // React's server renderer writes a Suspense boundary that long as `<div hidden id="S:0">` after the footer.
    expect(/<div hidden id="S:\d+">/.test(html)).toBe(false);
    expect(html.indexOf('<form')).toBeGreaterThan(html.indexOf('<main>'));
    expect(html.indexOf('</form>')).toBeLessThan(html.indexOf('</main>'));
    const name = container.querySelector<HTMLInputElement>('main input[name="name"]')!;
    expect(container.querySelectorAll('main option')).toHaveLength(400);
    // Still deferred: fetched on the guest's first focus, and what was typed before reaches the form.
    await settle();
    expect(load).not.toHaveBeenCalled();
    name.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    name.value = 'Giulia';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await hydrated(container);
    expect(changes).toEqual(['name=Giulia']);
    expect(container.querySelector('main input[name="name"]')).toBe(name);
    await unmount();
  });

  test('a submit before hydration is held (no plain GET) and sent by the form once it is there; a button pressed is pressed again', async () => {
    const first = await hydrate();
    const form = first.container.querySelector('form')!;
    first.container.querySelector<HTMLInputElement>('input[name="name"]')!.value = 'Rossi';
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await settle();
    expect(sent).toEqual([]);
    first.release();
    await hydrated(first.container);
    expect(sent).toEqual(['Rossi']);
    await first.unmount();

    const second = await hydrate();
    const button = second.container.querySelector<HTMLButtonElement>('button[type="button"]')!;
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    button.click();
    await settle();
    expect(button.textContent).toBe('pressed 0');
    second.release();
    await hydrated(second.container);
    expect(button.textContent).toBe('pressed 1');
    await second.unmount();
  });
});

/** A wizard's first step as the server renders it: links and a GET form that work without scripts. */
function StaticStep() {
  return (
    <div className="wizard--static">
      <a href="?pax=2">2 people</a>
      <form method="get">
        <select name="pax" defaultValue="9">
          <option value="9">9 people</option>
        </select>
        <button type="submit">Continue</button>
      </form>
    </div>
  );
}

/** The wizard as the browser renders it: reads its choice from the address. */
function Wizard() {
  const pax = new URLSearchParams(location.search).get('pax');
  return (
    <div>
      <h2 tabIndex={-1}>{pax ? `date for ${pax}` : 'people'}</h2>
      <button type="button">2 people</button>
      <select defaultValue="">
        <option value="">…</option>
      </select>
    </div>
  );
}

/** Never there on the server (the wizard reads the address in the browser only): its boundary's fallback is the server HTML. */
function BrowserOnly(): never {
  throw new Promise(() => undefined);
}

/** The booking wizard behind its server-rendered first step (`boundary: false`, `fallback`), its code fetched when `release` is called. */
async function hydrateWizard() {
  let release: () => void = () => undefined;
  const load = jest.fn(() => new Promise<ComponentType<object>>((resolve) => (release = () => resolve(Wizard))));
  const Deferred = deferred(load, { boundary: false, fallback: '.wizard--static' });
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Suspense fallback={<StaticStep />}>
      <BrowserOnly />
    </Suspense>,
  );
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <Suspense fallback={<StaticStep />}>
        <Deferred />
      </Suspense>,
      { onRecoverableError: () => undefined },
    );
  });
  return { container, load, release: () => release(), unmount: () => act(() => root?.unmount()) };
}

describe('deferred behind a server-rendered fallback (the booking wizard)', () => {
  beforeEach(() => history.replaceState(null, '', '/en/reserve'));

  test('not fetched at load; fetched on the first focus in its first step, whose focused choice the wizard then holds', async () => {
    const { container, load, release, unmount } = await hydrateWizard();
    await settle();
    expect(load).not.toHaveBeenCalled();
    const link = container.querySelector<HTMLAnchorElement>('a[href="?pax=2"]')!;
    link.focus();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await hydrated(container);
    expect(container.querySelector('.wizard--static')).toBeNull();
    expect(document.activeElement?.tagName).toBe('BUTTON');
    expect(document.activeElement?.textContent).toBe('2 people');
    await unmount();
  });

  test('a party size chosen before the code is there is not a page load: the wizard opens at it, its heading focused', async () => {
    const { container, release, unmount } = await hydrateWizard();
    const link = container.querySelector<HTMLAnchorElement>('a[href="?pax=2"]')!;
    link.focus();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(location.search).toBe('?pax=2');
    await settle();
    release();
    await hydrated(container);
    expect(container.querySelector('h2')?.textContent).toBe('date for 2');
    expect(document.activeElement).toBe(container.querySelector('h2'));
    await unmount();
  });

  test('the larger parties’ GET form is followed in the browser too', async () => {
    const { container, release, unmount } = await hydrateWizard();
    const form = container.querySelector('form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(location.search).toBe('?pax=9');
    await settle();
    release();
    await hydrated(container);
    expect(container.querySelector('h2')?.textContent).toBe('date for 9');
    await unmount();
  });
});

test('changedFrom: a form differs from its first values by any field', () => {
  expect(changedFrom({ nome: '', privacy: false }, { nome: '', privacy: false })).toBe(false);
  expect(changedFrom({ nome: '', privacy: false }, { nome: 'Giulia', privacy: false })).toBe(true);
  expect(changedFrom({ nome: '', privacy: false }, { nome: '', privacy: true })).toBe(true);
});
