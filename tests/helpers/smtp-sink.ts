import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  /** Every message received: envelope recipients, the raw message, and its Message-ID, outbox row (`X-Frontpage-Message`) and subject. */
  received: { to: string[]; data: string; messageId: string; outboxMessage: string; subject: string }[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that records what it receives; port 0 picks a
 * free one. `delayMs`: a slow server, that answers each message's data this long after it ends.
 */
export async function startSmtpSink(port = 0, options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const received: SmtpSink['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const head = data.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          messageId: header('Message-ID'),
          outboxMessage: header('X-Frontpage-Message'),
          subject: header('Subject'),
        });
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
