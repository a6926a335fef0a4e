import type { VenueParams } from './venue-context';

/** Props of every screen's page.tsx: the venue and locale from the proxy's rewrite, plus its own params. */
export type PageProps<P extends Record<string, string | string[] | undefined> = Record<never, never>> = {
  params: Promise<VenueParams & P>;
};
