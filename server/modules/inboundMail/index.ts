import type { PortalModule } from '../module';
import { createInboundMail } from './inboundMail.service';
import { startSmtpListener } from './smtpListener';

const plugin: PortalModule['plugin'] = async (app, { ctx }) => {
  const { domain, smtpPort, smtpHost, maxBytes } = ctx.config.inboundMail;
  if (!domain || smtpPort === undefined) return;
  const listener = await startSmtpListener(createInboundMail(ctx), { port: smtpPort, host: smtpHost, maxBytes, log: ctx.log });
  ctx.log.info(`inbound mail: SMTP on ${smtpHost}:${listener.port} for ${domain}`);
  app.addHook('onClose', () => listener.close());
};

/** Replies by mail into tickets (issue 38): the SMTP listener, when INBOUND_MAIL_DOMAIN and INBOUND_SMTP_PORT are set. */
export const inboundMailModule: PortalModule = { name: 'inboundMail', plugin, prefixes: ['/api'] };
