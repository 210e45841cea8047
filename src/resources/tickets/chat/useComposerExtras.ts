import { useEffect, useMemo, useState } from 'react';
import { useGetIdentity, useLocaleState, usePermissions } from 'react-admin';
import type { CannedPlaceholder, CannedResponseDto } from '../../../../contract/cannedResponses';
import { permission } from '../../../../contract/permissions';
import { ticketNumberOf, type TicketDto } from '../../../../contract/tickets';
import { fetchCannedResponses } from '../../cannedResponses/cannedResponsesApi';

/**
 * What staff's composer adds (issue 25): the internal note switch (TicketNotes.Create) and the canned responses the `/`
 * picker offers (CannedResponses.View), with their placeholders' values for this ticket, and whether it offers help articles
 * too (HelpArticles.View, issue 39). A partner gets neither.
 */
export function useComposerExtras(ticketId: string, ticket: Pick<TicketDto, 'partnerName' | 'subject'> | undefined, staff: boolean) {
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  const held = (p: string) => staff && !!permissions?.includes(p);
  const canNote = held(permission('TicketNotes', 'Create'));
  const mayUseCanned = held(permission('CannedResponses', 'View'));
  const articles = held(permission('HelpArticles', 'View'));
  const [responses, setResponses] = useState<CannedResponseDto[] | null>(null);

  useEffect(() => {
    if (!mayUseCanned) return;
    const controller = new AbortController();
    // Without them the `/` stays plain text: the chat works on.
    fetchCannedResponses(controller.signal).then(setResponses, () => undefined);
    return () => controller.abort();
  }, [mayUseCanned]);

  const agentName = identity?.fullName;
  const [locale] = useLocaleState();
  const canned = useMemo(() => {
    if (!mayUseCanned || !responses) return undefined;
    // Those in the reader's language (or in any) come first; the others follow, in their order.
    const inLanguage = (r: CannedResponseDto) => r.language === null || r.language === locale;
    const ordered = [...responses.filter(inLanguage), ...responses.filter((r) => !inLanguage(r))];
    const values: Partial<Record<CannedPlaceholder, string>> = {
      partnerName: ticket?.partnerName,
      ticketId: ticketNumberOf(ticketId),
      ticketSubject: ticket?.subject,
      agentName: typeof agentName === 'string' ? agentName : undefined,
    };
    return { responses: ordered, values };
  }, [mayUseCanned, responses, locale, ticket?.partnerName, ticket?.subject, ticketId, agentName]);

  return { canNote, canned, articles };
}
