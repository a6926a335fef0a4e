export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: every request from now on carries the address its socket (and the trusted proxies) gave.
  const { installClientAddress } = await import('@/server/http/client-address');
  installClientAddress();
  // Then the Host gate: a malformed Host is a 400 on every path, and no 404 is publicly cacheable (server/http/host-gate.ts).
  const { installHostGate } = await import('@/server/http/host-gate');
  installHostGate();
  // Before the first render: abort reasons keep no render alive (server/runtime/abort-stacks.ts).
  const { releaseAbortReasonStacks } = await import('@/server/runtime/abort-stacks');
  releaseAbortReasonStacks();
  const { startServer } = await import('@/server/runtime/startup');
  await startServer();
}
