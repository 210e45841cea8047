import { useMemo } from 'react';
import Box from '@mui/material/Box';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PartnerFormStatus } from '../../../contract/forms';
import { dueAtField } from '../../../contract/schemas/partnerForms';
import type { RuleMessage } from '../../../contract/schemas/messages';

/** Overdue: still OPEN (the partner's turn) and past its due date; what the server's filter `overdue` finds. */
export const isOverdue = (dueAt: string | null | undefined, status: PartnerFormStatus, now = Date.now()) =>
  !!dueAt && status === 'OPEN' && Date.parse(dueAt) < now;

/** The instant sent for a day chosen in a date field: the end of that day where the browser is; null for none. */
export function dueAtOfDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day.trim() ? day : null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).toISOString();
}

/** Today as a date field's value (its `min`). */
export function todayOfDateField(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the contract says of a chosen day (past, too far ahead, not a date), or null when it may be sent. */
export function dueDayProblem(day: string): RuleMessage | null {
  try {
    dueAtField().validateSync(dueAtOfDay(day));
    return null;
  } catch (error) {
    const message = (error as { errors?: unknown[] }).errors?.[0];
    return (message as RuleMessage | undefined) ?? { key: 'validation.dateTime' };
  }
}

/** A due date in the reader's language, the day only ("3 Dec 2026" / "3 thg 12, 2026"). */
export function useDueDateFormat() {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}

/**
 * "Due 3 Dec 2026", or "Overdue: was due 3 Dec 2026" with a warning icon, in bold and the error colour: overdue is
 * said in words, not by colour alone. Nothing without a due date.
 */
export function DueDate({
  dueAt,
  status,
  testId = 'partner-form-due',
  short = false,
  wrap = false,
}: {
  dueAt: string | null | undefined;
  status: PartnerFormStatus;
  testId?: string;
  /** Under a "Due" heading (a table column): the date alone, "Overdue · 25 Nov 2026" when overdue. */
  short?: boolean;
  /** A short one may wrap (a phone's card); in a table row it stays on one line. */
  wrap?: boolean;
}) {
  const translate = useTranslate();
  const format = useDueDateFormat();
  if (!dueAt) return null;
  const overdue = isOverdue(dueAt, status);
  const Icon = overdue ? EventBusyIcon : EventIcon;
  return (
    <Box
      component="span"
      data-testid={testId}
      data-overdue={overdue || undefined}
      sx={{
        // Inline: the icon stays before the first word when the text wraps.
        display: 'inline',
        whiteSpace: short && !wrap ? 'nowrap' : undefined,
        ...(overdue ? { fontWeight: 600, color: (theme) => (theme.palette.mode === 'dark' ? 'error.light' : 'error.dark') } : {}),
      }}
    >
      <Icon fontSize="inherit" aria-hidden sx={{ verticalAlign: '-0.125em', mr: 0.5 }} />
      {short
        ? overdue
          ? translate('dueDates.overdueShort', { date: format(dueAt) })
          : format(dueAt)
        : translate(overdue ? 'dueDates.overdue' : 'dueDates.dueOn', { date: format(dueAt) })}
    </Box>
  );
}

/** "No due date", quietly (a phone's card, where an empty fact would look broken). */
export function DueDateNone() {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {translate('dueDates.none')}
    </Box>
  );
}
