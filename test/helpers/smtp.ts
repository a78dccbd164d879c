import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP server on loopback received it. */
export interface Received {
  raw: string;
  to: string[];
}

/**
 * A real SMTP server on 127.0.0.1:`port` that keeps every mail it accepts, for the notification
 * tests. No TLS, no authentication: what the clinic server sends, as it sends it. With `down`
 * it refuses every connection until `up()`, on the port it holds all along: a test of a mail
 * server that comes back never has to give its port up for another program to take meanwhile.
 */
export function smtpSink(port: number, o: { down?: boolean } = {}): Promise<{ received: Received[]; up(): void; close(): Promise<void> }> {
  const received: Received[] = [];
  let down = o.down ?? false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(down ? Object.assign(new Error('Service not available'), { responseCode: 421 }) : undefined);
    },
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
    smtp.listen(port, '127.0.0.1', () =>
      resolve({
        received,
        up: () => void (down = false),
        close: () => new Promise<void>((done) => smtp.close(() => done())),
      }),
    );
  });
}
