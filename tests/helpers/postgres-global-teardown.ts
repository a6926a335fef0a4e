import type { ThrowawayServer } from './postgres-server';

export default async function teardown() {
  (globalThis as { __pgServer?: ThrowawayServer }).__pgServer?.stop();
}
