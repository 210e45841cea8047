import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CHOOSABLE_NOTIFICATION_KINDS } from '../../../contract/notificationPreferences';
import { LANGUAGES, type Language } from '../../../contract/http';
import type { AppContext } from '../../context';
import { translate } from '../../core/i18n';
import { escapeHtml } from '../../mail/mailTemplate';
import { loadPrincipal } from '../accounts/principal';
import { loadPreferences, savePreferences } from './preferences';
import { verifyUnsubscribeToken, type UnsubscribeKind } from './unsubscribeToken';

const kindName = (language: Language, kind: UnsubscribeKind) =>
  translate(language, kind === 'digest' ? 'notificationPreferences.channels.digest' : `notificationPreferences.kinds.${kind}`);

/** A small page in every language (we do not know the reader's), with the form that posts when asked. */
function page(reply: FastifyReply, status: number, paragraphs: (language: Language) => string, form?: string) {
  const sections = LANGUAGES.map(
    (language) =>
      `<section lang="${language}"><h1>${escapeHtml(translate(language, 'notificationPreferences.unsubscribeTitle'))}</h1><p>${escapeHtml(paragraphs(language))}</p>${
        form
          ? `<form method="post" action="${escapeHtml(form)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(translate(language, 'notificationPreferences.unsubscribeButton'))}</button></form>`
          : ''
      }</section>`,
  ).join('<hr>');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Unsubscribe</title></head><body>${sections}</body></html>`,
    );
}

/**
 * The one-click unsubscribe of every non-security mail (RFC 8058): a POST to the mail's List-Unsubscribe address, no
 * sign-in, sets the token's kind to `portal` for the token's user. GET only shows a page whose button posts: mail
 * scanners follow links, and a link followed must not unsubscribe anyone.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  const tokenOf = (query: unknown) => (query as { token?: unknown } | undefined)?.token;

  app.get('/unsubscribe', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.query);
    const named = verifyUnsubscribeToken(ctx.config.jwtSecret, token);
    if (!named) return page(reply, 400, (language) => translate(language, 'notificationPreferences.unsubscribeInvalid'));
    const form = `/api/unsubscribe?token=${encodeURIComponent(token as string)}`;
    return page(reply, 200, (language) => translate(language, 'notificationPreferences.unsubscribeQuestion', { kind: kindName(language, named.kind) }), form);
  });

  app.post('/unsubscribe', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const named = verifyUnsubscribeToken(ctx.config.jwtSecret, tokenOf(request.query) ?? tokenOf(request.body));
    const user = named && (await loadPrincipal(ctx.db, named.userId));
    if (!named || !user) return page(reply, 400, (language) => translate(language, 'notificationPreferences.unsubscribeInvalid'));
    const current = await loadPreferences(ctx.db, user);
    const kinds = named.kind === 'digest' ? CHOOSABLE_NOTIFICATION_KINDS.filter((kind) => current.channels[kind] === 'digest') : [named.kind];
    if (kinds.length) await savePreferences(ctx.db, user, { channels: Object.fromEntries(kinds.map((kind) => [kind, 'portal'])) }, user.id);
    return page(reply, 200, (language) => translate(language, 'notificationPreferences.unsubscribeDone', { kind: kindName(language, named.kind) }));
  });
};
