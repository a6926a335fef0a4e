/** Types of server/cache/page-cache-handler.cjs, the incremental cache handler Next loads (next.config.mjs `cacheHandler`). */
type CacheEntry = { lastModified: number; value: unknown; cacheControl?: unknown };

declare class PageCacheHandler {
  constructor(ctx?: { maxMemoryCacheSize?: number; serverDistDir?: string; buildId?: string; databaseUrl?: string; store?: string });
  get(key: string, ctx?: unknown): Promise<CacheEntry | null>;
  set(key: string, value: unknown, ctx?: unknown): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

declare namespace PageCacheHandler {
  export { PageCacheHandler };
  export const TABLE: string;
  export const CHANNEL: string;
  export const LIFE_END_TAG: string;
  export function closePageCaches(): Promise<void>;
}

export = PageCacheHandler;
