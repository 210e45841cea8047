import { Transform } from 'node:stream';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import type { InboundMail } from './inboundMail.service';

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** An SMTP error with its reply code, as smtp-server sends it to the client. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The portal's own SMTP listener (behind the operator's MX or relay): no authentication, addresses that are not
 * ours refused at RCPT, the size limit announced (SIZE) and enforced while the message streams: once past it, the
 * rest is read and dropped (never parsed nor held) and the message refused with 552.
 */
export async function startSmtpListener(
  inbound: InboundMail,
  options: { port: number; host: string; maxBytes: number; log: FastifyBaseLogger },
): Promise<SmtpListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes,
    banner: 'Partner Portal',
    // Each session may hold a parser and a file being stored: a flood waits at the door rather than fills the memory.
    maxClients: 100,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!inbound.isOurAddress(address.address)) return callback(smtpError(550, 'No such recipient here'));
      callback();
    },
    onMailFrom(address, _session, callback) {
      // A client that declares a size past the limit is refused before it sends a byte.
      const declared = Number(address.args ? (address.args.SIZE ?? 0) : 0);
      if (declared > options.maxBytes) return callback(smtpError(552, 'Message exceeds the size limit'));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const parsed = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, stream.sizeExceeded ? undefined : chunk);
        },
      });
      const envelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        recipients: session.envelope.rcptTo.map((r) => r.address),
        tooLarge: () => stream.sizeExceeded,
      };
      inbound.receive(envelope, stream.pipe(parsed)).then(
        (outcome) => {
          if (stream.sizeExceeded) return callback(smtpError(552, 'Message exceeds the size limit'));
          options.log.info({ outcome, recipients: envelope.recipients }, `inbound mail ${outcome}`);
          callback();
        },
        (error: unknown) => {
          options.log.error({ err: error }, 'inbound mail failed');
          stream.resume();
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => options.log.warn({ err: error }, 'inbound SMTP connection error'));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
