/** Types of lib/security/headers.cjs (read by next.config.mjs, the proxy's bundle and Jest). */
type Env = Record<string, string | undefined>;
type HeaderRule = { source: string; has?: { type: string; key: string; value?: string }[]; missing?: { type: string; key: string; value?: string }[]; headers: { key: string; value: string }[] };

export declare const ENFORCED_CSP: string;
export declare function scriptPolicy(env?: Env): string;
export declare const PERMISSIONS_POLICY: string;
export declare const HSTS: string;
export declare function securityHeaders(env?: Env): HeaderRule[];
