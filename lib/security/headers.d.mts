// Types of headers.mjs (plain JavaScript so that next.config.mjs can import it).
export const ENFORCED_CSP: string;
export function scriptPolicy(env?: Record<string, string | undefined>): string;
export const PERMISSIONS_POLICY: string;
export const HSTS: string;
export function securityHeaders(env?: Record<string, string | undefined>): { source: string; headers: { key: string; value: string }[]; has?: unknown[] }[];
