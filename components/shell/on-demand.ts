/**
 * Exported as `generateStaticParams` by pages with their own dynamic segments: nothing is
 * built ahead, each page is generated on its first request and then served from cache.
 */
export function onDemand(): never[] {
  return [];
}
