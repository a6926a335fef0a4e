import 'server-only';

const INSTALLED = Symbol.for('frontpage.abortStacks');

/**
 * Works around a memory leak of Next.js 16 and React 19.2 (vercel/next.js#96279, #97434,
 * react/react#37288): every page render aborts a few AbortControllers (React's cacheSignal
 * "This render completed successfully", Next's prerender controllers) with an Error whose stack
 * V8 keeps in structured form until someone reads it. Those stack frames hold the render's
 * closures, and with them the page's whole RSC payload, for as long as the signal lives; chained
 * through Immediate objects, every render rendered once stays in memory. With a thousand
 * venues (every page rendered at least once per venue and language) an instance grew by
 * 1.3 GB in five minutes (docs/performance.md).
 *
 * Reading `.stack` turns the frames into a string, which holds nothing: the reason keeps its
 * message and stack text for any log, and the render can be collected. Installed once per
 * process, before the first request (instrumentation.ts); remove it when the upstream fix lands.
 */
export function releaseAbortReasonStacks(): void {
  const proto = AbortController.prototype as AbortController & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const abort = proto.abort;
  proto.abort = function abortWithPlainStack(this: AbortController, reason?: unknown) {
    abort.call(this, reason);
    materialize(this.signal.reason);
  };
  Object.defineProperty(proto, INSTALLED, { value: true });
}

function materialize(reason: unknown) {
  if (reason !== null && typeof reason === 'object' && 'stack' in reason) {
    void (reason as { stack?: unknown }).stack;
  }
}
