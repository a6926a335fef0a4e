/** Types of lib/venue/fast-routes.cjs (read by next.config.mjs, proxy.ts's test and Jest). */
type Condition = { type: string; key: string; value?: string };
export declare const FAST_HOST: string;
export declare const FAST_HOST_CAPTURE: string;
export declare function venueRewrites(): { source: string; destination: string; has: Condition[] }[];
