/**
 * One idempotency key per submit attempt (docs/backend-contract.md, "Idempotency"): the form's
 * input sent again (a retry after a lost answer, "Service unavailable, try again", the bot check's
 * second try) reuses the key, so the backend answers the first booking instead of making a
 * second; other input gets a new key. The bot check's tokens are left out of the comparison.
 */
export function submitKeys() {
  let last: { input: string; key: string } | null = null;
  return (input: Record<string, unknown>): string => {
    const { recaptchaV3Token: _v3, recaptchaV2Token: _v2, ...kept } = input;
    void _v3;
    void _v2;
    const text = JSON.stringify(kept);
    if (last?.input !== text) last = { input: text, key: newKey() };
    return last.key;
  };
}

/** 128 random bits, base64url (crypto.getRandomValues works on plain http too, unlike randomUUID). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
