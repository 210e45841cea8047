import type { PortalModule } from '../module';
import { createInboundMail } from './inboundMail.service';
import { startImapFetcher } from './imapFetcher';
import { startSmtpListener } from './smtpListener';

const plugin: PortalModule['plugin'] = async (app, { ctx }) => {
  const { domain, smtpPort, smtpHost, maxBytes, imapUrl } = ctx.config.inboundMail;
  if (!domain) return;
  const inbound = createInboundMail(ctx);
  if (smtpPort !== undefined) {
    const listener = await startSmtpListener(inbound, { port: smtpPort, host: smtpHost, maxBytes, log: ctx.log });
    ctx.log.info(`inbound mail: SMTP on ${smtpHost}:${listener.port} for ${domain}`);
    app.addHook('onClose', () => listener.close());
  }
  if (imapUrl) {
    const fetcher = await startImapFetcher(inbound, imapUrl, { log: ctx.log, maxBytes });
    ctx.log.info(`inbound mail: reading ${new URL(imapUrl).host} over IMAP for ${domain}`);
    app.addHook('onClose', () => fetcher.close());
  }
};

/** Replies by mail into tickets (issue 38): the SMTP listener (INBOUND_SMTP_PORT) or the IMAP reader (INBOUND_IMAP_URL), when INBOUND_MAIL_DOMAIN is set. */
export const inboundMailModule: PortalModule = { name: 'inboundMail', plugin, prefixes: ['/api'] };
