import { LANGUAGES, type Language } from '../../../contract/http';
import { ApiError } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { translate } from '../../core/i18n';
import type { Mailer } from '../../mail/mailer';

export type RefusalReason = 'expired' | 'notRecipient' | 'notAllowed' | 'closed' | 'empty' | 'file' | 'note';

/**
 * A polite answer to a known user whose reply was not added, in every language (we do not know theirs), marked
 * Auto-Submitted so that their own robots do not answer it (RFC 3834).
 */
export async function sendBounce(
  mailer: Mailer,
  about: { to: Pick<Principal, 'email'>; subject: string; link: string; reason: RefusalReason; values?: Record<string, unknown> },
) {
  const problem = about.values?.problem;
  const reasonIn = (language: Language) =>
    translate(language, `inboundMail.reasons.${about.reason}`, {
      problem: problem instanceof ApiError ? translate(language, problem.messageKey, problem.values) : '',
    });
  const values = (language: Language) => ({ subject: about.subject, link: about.link, reason: reasonIn(language) });
  await mailer.send({
    to: about.to.email,
    subject: LANGUAGES.map((language) => translate(language, 'inboundMail.bounce.subject', values(language))).join(' / '),
    text: LANGUAGES.map((language) => translate(language, 'inboundMail.bounce.body', values(language))).join('\n\n-----\n\n'),
    link: about.link,
    headers: { 'Auto-Submitted': 'auto-replied' },
  });
}
