/**
 * server/runtime/abort-stacks.ts: an abort reason created during a render must not keep the
 * render's data alive (vercel/next.js#96279). Shown with a real garbage collection: a large
 * payload reachable only through the closure that created the abort reason is collected once
 * the workaround is installed, and stays alive without it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

jest.mock('server-only', () => ({}));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A "render": its payload is held only by the closure in which the abort reason's Error is created. */
function render(controller: AbortController, abort: (c: AbortController, reason: Error) => void): WeakRef<object> {
  const payload = { flight: 'x'.repeat(1_000_000).split('') };
  const ref = new WeakRef(payload);
  const onComplete = () => {
    if (payload.flight.length) abort(controller, new Error('This render completed successfully.'));
  };
  onComplete();
  return ref;
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return ref.deref() === undefined;
}

describe('abort reasons keep no render alive', () => {
  const original = AbortController.prototype.abort;

  it('without the workaround, the signal keeps the payload (the leak exists on this runtime)', async () => {
    const controller = new AbortController();
    const ref = render(controller, (c, reason) => original.call(c, reason));
    expect(await collected(ref)).toBe(false);
    expect(controller.signal.aborted).toBe(true);
  });

  it('with it, the same render is collected while its signal lives, and the reason keeps its message and stack text', async () => {
    const { releaseAbortReasonStacks } = await import('@/server/runtime/abort-stacks');
    releaseAbortReasonStacks();
    releaseAbortReasonStacks(); // once per process, however often called
    const controller = new AbortController();
    const ref = render(controller, (c, reason) => c.abort(reason));
    expect(await collected(ref)).toBe(true);
    const reason = controller.signal.reason as Error;
    expect(reason.message).toBe('This render completed successfully.');
    expect(reason.stack).toContain('onComplete');
    AbortController.prototype.abort = original;
  });
});
