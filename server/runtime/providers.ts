import 'server-only';
/** Which providers run as this site's local stand-ins and which are the real services (README, "Configuration"). */
export interface Providers {
  payments: 'local' | 'stripe';
  botCheck: 'local' | 'recaptcha' | 'misconfigured';
  sms: 'local' | 'gateway';
  email: 'local' | 'smtp';
}

/** Reads the environment only for which provider is chosen: never a key, URL or token. */
export function providersFromEnv(env: Record<string, string | undefined> = process.env): Providers {
  const recaptcha = ['RECAPTCHA_SECRET_KEY_V3', 'RECAPTCHA_SECRET_KEY_V2', 'RECAPTCHA_SITE_KEY_V3', 'RECAPTCHA_SITE_KEY_V2'].filter((k) => env[k]).length;
  return {
    payments: env.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    botCheck: recaptcha === 0 ? 'local' : recaptcha === 4 ? 'recaptcha' : 'misconfigured',
    sms: env.SMS_URL ? 'gateway' : 'local',
    email: env.SMTP_URL ? 'smtp' : 'local',
  };
}

export type LocalStandIn = 'payments' | 'botCheck' | 'sms' | 'email';

/** What each local stand-in means for a live site, and the variables that replace it (README, "Configuration"). */
export const STAND_IN_NOTES: Record<LocalStandIn, string> = {
  payments: 'payments: the local test card page saves any test card (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)',
  botCheck: 'botCheck: any local.v3.pass.* token passes the bot check (set the four RECAPTCHA_* keys)',
  sms: 'sms: SMS codes are only written to the outbox, never sent (set SMS_URL)',
  email: 'email: e-mails are written as .eml files under DATA_DIR/outbox, never sent (set SMTP_URL)',
};

/** The providers that are local stand-ins, from the environment. */
export function localStandIns(providers: Providers = providersFromEnv()): LocalStandIn[] {
  return (['payments', 'botCheck', 'sms', 'email'] as const).filter((name) => providers[name] === 'local');
}
