import 'server-only';
import { getDb } from '@/server/db/client';
import { checkConfig, config } from '@/server/runtime/config';
import { seedDemoVenue } from '@/server/venues/seed';
import { getAdminToken, getBackendToken } from '@/server/backend/token';
import { getLinkSecret } from '@/server/backend/signatures';
import { startDeliveryLoop } from '@/server/outbox/delivery';
import { transportFromEnv } from '@/server/outbox/channels';
import { startHousekeeping } from '@/server/runtime/housekeeping';
import { startVenueListener } from '@/server/venues/notify';
import { installShutdownHandlers } from '@/server/runtime/shutdown';
import { errorMessage, log } from '@/lib/log';
import { badLimitVariables } from '@/server/limits/config';
import { providersFromEnv } from '@/server/runtime/providers';
import { localWebhookSecret } from '@/server/payments/local';
import { setWalletRunner } from '@/server/wallet/changes';
import { deliverWalletChanges } from '@/server/wallet/delivery';
import { appleConfigured } from '@/server/wallet/credentials';

/**
 * Runs once when the server starts: migrations, demo data, the backend token, the
 * e-mail delivery loop, the sweep of stale rows, the graceful shutdown on SIGTERM. The site
 * cannot serve without its database, so a failure (e.g. the data directory is locked
 * by another process) stops the process with the reason instead of answering 500s.
 */
export async function startServer(): Promise<void> {
  try {
    checkConfig();
    const badLimits = badLimitVariables();
    if (badLimits.length) log.warn('limit_variables_ignored', { variables: badLimits.join(','), hint: 'LIMIT_<NAME>=<count>/<seconds>; docs/security.md lists the names' });
    const db = await getDb();
    if (config.seedDemo) await seedDemoVenue(db);
    getBackendToken();
    getAdminToken();
    // The key of every signed link, made (or checked) now so a bad LINK_SECRET stops the start, not a page.
    if (!config.backendUrl) getLinkSecret();
    // The local payment provider's webhook secret, made now so it is in the data directory from the start.
    if (providersFromEnv().payments === 'local') localWebhookSecret();
    startDeliveryLoop(getDb, transportFromEnv(), Number(process.env.OUTBOX_INTERVAL_MS) || 5000, Number(process.env.OUTBOX_LANES) || undefined);
    // Wallet passes: real Apple credentials must be whole (a partial set stops the start); changes are pushed after each commit.
    appleConfigured();
    setWalletRunner(async () => deliverWalletChanges(await getDb()));
    startHousekeeping(getDb);
    // With PostgreSQL, a venue change on any instance refreshes this one's cache at once (issue 27).
    startVenueListener();
    installShutdownHandlers();
    log.info('server_ready', { backend: config.backendUrl ? 'legacy' : 'builtin', port: config.port });
  } catch (error) {
    log.error('server_start_failed', { error: errorMessage(error) });
    console.error(errorMessage(error));
    process.exit(1);
  }
}
