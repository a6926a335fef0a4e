export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: every request from now on carries the address its socket (and the trusted proxies) gave.
  const { installClientAddress } = await import('./server/client-address');
  installClientAddress();
  const { startServer } = await import('./server/startup');
  await startServer();
}
