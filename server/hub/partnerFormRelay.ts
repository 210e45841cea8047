import { and, eq, isNull } from 'drizzle-orm';
import { questionsByKey } from '../../contract/answers';
import { partnerFormSectionRoute, staffPartnerFormRoute, type PartnerFormDto } from '../../contract/forms';
import type { NotificationKindOf } from '../../contract/notifications';
import { permission } from '../../contract/permissions';
import type { AppContext } from '../context';
import type { PrincipalLoader } from '../core/guard';
import { partnerForms, users } from '../db/schema';
import { utcText } from './fileRelay';
import { createNotifier } from './notification';
import { sendNotificationMail } from '../modules/notificationPreferences/notificationMail';
import { loadPrincipal } from '../modules/accounts/principal';
import { loadFormVersion } from '../modules/formDefinitions/formVersionQueries';
import { selectPartnerFormDto } from '../modules/partnerForms/partnerFormDtos';
import type { PartnerFormEvent, PartnerFormReminderDue } from '../modules/partnerForms/partnerForms.events';
import { principalMayHear, type HubAudience } from './audience';
import { hubGroups } from './groups';
import type { RelayHub } from './relayHub';

/** The partner form events the relay hears. */
export const PARTNER_FORM_EVENTS = [
  'PartnerFormAssigned',
  'PartnerFormSubmitted',
  'PartnerFormStatusChanged',
  'PartnerFormReminderDue',
] as const satisfies readonly PartnerFormEvent['type'][];

/** Who may read a partner form: its partner's users with PartnerForm.View, staff also with AdminView (partnerFormScope). */
const readersOf = (partnerId: string): HubAudience => ({
  scope: { partnerId },
  readers: [{ all: [permission('PartnerForm', 'View')], acrossPartners: permission('PartnerForm', 'AdminView') }],
});

/**
 * What a partner form event tells the world (issue item 8): the partner's users hear of an assignment, a lock,
 * an unlock and a reopen (notification; a mail too for an assignment and a reopen, in en and vi), staff hear of
 * a submission. Events carry ids: the partner form is loaded here, as it is after the change committed.
 */
export function createPartnerFormRelay(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'> & Partial<Pick<AppContext, 'mailer' | 'events'>>,
  hub: Pick<RelayHub, 'sendToGroups'>,
  loadReader?: PrincipalLoader,
) {
  const notifier = createNotifier(ctx, hub, loadReader);
  const notify = (
    group: string,
    partnerForm: PartnerFormDto,
    kind: NotificationKindOf<'partnerFormsApi.notifications'>,
    values: Record<string, string>,
    link: string,
  ) =>
    notifier({
      groups: [group],
      audience: readersOf(partnerForm.partnerId),
      about: { resource: 'partner-forms', recordId: partnerForm.id },
      kind,
      key: `partnerFormsApi.notifications.${kind}`,
      values,
      link,
    });

  /** The partner's active users who may read the partner form, each mailed in both languages (we do not know theirs). */
  async function mailPartner(
    partnerForm: PartnerFormDto,
    kind: 'assigned' | 'reopened' | 'returned' | PartnerFormReminderDue['stage'],
    values: Record<string, string>,
    times?: Record<string, Date>,
  ) {
    const { mailer } = ctx;
    if (!mailer) return;
    const members = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.partnerId, partnerForm.partnerId), eq(users.isActive, true), isNull(users.deletedAt)));
    for (const { id } of members) {
      const reader = await loadPrincipal(ctx.db, id);
      if (!reader || !principalMayHear(reader, readersOf(partnerForm.partnerId))) continue;
      const filled = { ...values, name: reader.fullName };
      await sendNotificationMail(
        { config: ctx.config, db: ctx.db, mailer },
        {
          to: reader,
          kind: 'partnerForms',
          subjectKey: `partnerFormsApi.mail.${kind}Subject`,
          bodyKey: `partnerFormsApi.mail.${kind}Body`,
          actionKey: 'partnerFormsApi.mail.action',
          values: filled,
          times,
          link: values.link,
        },
      );
    }
  }

  /** Where the partner opens the form: the section of the first comment, else the first section. */
  async function partnerLink(partnerForm: PartnerFormDto) {
    const version = await loadFormVersion(ctx.db, partnerForm.formId);
    const sections = version?.sections ?? [];
    const [row] = await ctx.db.select({ comments: partnerForms.comments }).from(partnerForms).where(eq(partnerForms.id, partnerForm.id));
    const questions = questionsByKey(sections);
    // In form order (a jsonb object's keys come back shortest first), unknown keys last.
    const order = [...questions.keys()];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    const commented = Object.keys(row?.comments ?? {}).sort((a, b) => rank(a) - rank(b));
    const sectionKey = commented.map((key) => questions.get(key)?.sectionKey).find(Boolean) ?? sections[0]?.key ?? '';
    const comments = commented.map((key) => `- ${questions.get(key)?.question.label ?? key}: ${row!.comments[key]}`).join('\n');
    return { link: partnerFormSectionRoute(partnerForm.id, sectionKey), comments };
  }

  const mailed = (work: Promise<void>, partnerFormId: string) =>
    work.catch((error: unknown) => ctx.log.error({ err: error, partnerFormId }, 'partner form mail failed'));

  /**
   * A reminder (partnerFormReminders.ts) to the partner's readers, notified and mailed, while the form is still
   * OPEN on the same due date or reopen it was due for (submitted or changed since the tick: nothing).
   */
  async function remind(event: PartnerFormReminderDue, partnerForm: PartnerFormDto, values: Record<string, string>) {
    if (partnerForm.status !== 'OPEN') return;
    const [row] = await ctx.db
      .select({ dueAt: partnerForms.dueAt, reopenedAt: partnerForms.reopenedAt })
      .from(partnerForms)
      .where(eq(partnerForms.id, partnerForm.id));
    const anchor = event.kind === 'due' ? row?.dueAt : row?.reopenedAt;
    if (anchor?.toISOString() !== event.anchorAt) return;
    const { link } = await partnerLink(partnerForm);
    const anchorKey = event.kind === 'due' ? 'due' : 'reopened';
    const told = { ...values, [anchorKey]: utcText(event.anchorAt) };
    await notify(hubGroups.partner(partnerForm.partnerId), partnerForm, event.stage, told, link);
    const times = { [anchorKey]: new Date(event.anchorAt) };
    await mailed(mailPartner(partnerForm, event.stage, { ...told, link: `${ctx.config.publicUrl}${link}` }, times), partnerForm.id);
  }

  /** Relays one event published on this instance (the hub's backplane takes it to the others). */
  return async function relay(event: PartnerFormEvent) {
    const partnerForm = await selectPartnerFormDto(ctx.db, event.partnerFormId);
    if (!partnerForm) return;
    const values = { form: partnerForm.formName, partner: partnerForm.partnerName, note: partnerForm.note };
    if (event.type === 'PartnerFormSubmitted') {
      await notify(hubGroups.staff, partnerForm, 'submitted', values, staffPartnerFormRoute(partnerForm.id));
      return;
    }
    if (event.type === 'PartnerFormReminderDue') return remind(event, partnerForm, values);
    const { link, comments } = await partnerLink(partnerForm);
    // A reopen returning a review round for changes says how many questions need them (issue 24).
    const flagged = event.type === 'PartnerFormStatusChanged' ? event.flagged : undefined;
    const kind = event.type === 'PartnerFormAssigned' ? 'assigned' : flagged ? 'returned' : event.change;
    const told = flagged ? { ...values, count: String(flagged) } : values;
    await notify(hubGroups.partner(partnerForm.partnerId), partnerForm, kind, told, link);
    if (kind === 'assigned' || kind === 'reopened' || kind === 'returned')
      await mailed(mailPartner(partnerForm, kind, { ...told, comments, link: `${ctx.config.publicUrl}${link}` }), partnerForm.id);
  };
}
