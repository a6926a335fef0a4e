import { getDatabaseHandle, pingDatabase } from '@/server/db/client';
import { errorMessage, log } from '@/lib/log';

const TIMEOUT_MS = 3000;

/** `GET /api/health`: ok when the database answers within 3 s. */
export async function checkHealth(): Promise<{ status: 'ok' | 'unavailable'; database: 'up' | 'down' }> {
  try {
    await Promise.race([
      getDatabaseHandle().then((h) => pingDatabase(h.db)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database timed out')), TIMEOUT_MS).unref()),
    ]);
    return { status: 'ok', database: 'up' };
  } catch (error) {
    log.error('health_check_failed', { error: errorMessage(error) });
    return { status: 'unavailable', database: 'down' };
  }
}
