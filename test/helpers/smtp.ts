import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP server on loopback received it. */
export interface Received {
  raw: string;
  to: string[];
}

/**
 * A real SMTP server on 127.0.0.1:`port` that keeps every mail it accepts, for the notification
 * tests. No TLS, no authentication: what the clinic server sends, as it sends it.
 */
export function smtpSink(port: number): Promise<{ received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve({ received, close: () => new Promise<void>((done) => smtp.close(() => done())) }));
  });
}
