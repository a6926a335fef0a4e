import 'server-only';
import path from 'node:path';
import { config } from '@/server/runtime/config';
import { fileTransport, smtpTransport, type MailTransport } from './transport';
import { smsTransportFromEnv } from './sms';
import { webhookTransport } from './webhook';
import { getDb } from '@/server/db/client';

/** Sends each message by its channel: e-mails and SMS through their own transports. */
export function channelTransport({ email, sms, webhook }: { email: MailTransport; sms: MailTransport; webhook?: MailTransport }): MailTransport {
  return {
    describe: `${email.describe}; ${sms.describe}${webhook ? `; ${webhook.describe}` : ''}`,
    send: (message) => {
      if (message.channel === 'webhook') {
        if (!webhook) throw new Error('no webhook transport');
        return webhook.send(message);
      }
      return (message.channel === 'sms' ? sms : email).send(message);
    },
  };
}

/** E-mail by SMTP when `SMTP_URL` is set, otherwise `.eml` files under `DATA_DIR/outbox`; SMS as `smsTransportFromEnv` says. */
export function transportFromEnv(): MailTransport {
  const url = process.env.SMTP_URL;
  return channelTransport({ email: url ? smtpTransport(url) : fileTransport(path.join(config.dataDir, 'outbox')), sms: smsTransportFromEnv(), webhook: webhookTransport(getDb) });
}
