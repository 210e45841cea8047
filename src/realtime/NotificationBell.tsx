import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { NOTIFICATION_MENU_SIZE, NOTIFICATIONS_ROUTE, type NotificationDto } from '../../contract/notifications';
import { PoliteStatus } from '../components/PoliteStatus';
import { MenuWithHeader } from '../layout/MenuWithHeader';
import { useInboxPage, useMarkRead, useUnreadCount } from '../notifications/inbox';
import { notificationText } from '../notifications/notificationText';

const MENU_ID = 'notification-menu-items';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The badge shows at most this figure, then `99+`. */
const BADGE_MAX = 99;

/** The bell's accessible name: the figure the badge shows, for 0 and 1 as for any other (its visible text is in its name). */
export const bellLabel = (translate: Translate, unread: number) =>
  translate('notifications.label', { smart_count: unread, count: unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread) });

/**
 * The top bar's bell: the server's unread count (live: the hub's notifications and Resync refetch it), and a menu
 * of the newest notifications with links, "mark all read" and the way to the notifications page.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const when = useMemo(() => new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  const counted = useUnreadCount();
  const unread = counted ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const latest = useInboxPage({ page: 1, pageSize: NOTIFICATION_MENU_SIZE });
  const { markRead, markAllRead, markingAll } = useMarkRead();
  const items = latest.data?.items ?? [];
  const close = () => setAnchor(null);
  const label = bellLabel(translate, unread);
  const open = (notification: NotificationDto) => {
    markRead(notification);
    close();
    if (notification.link) navigate(notification.link);
  };
  const [announcement, setAnnouncement] = useState('');
  // "Mark all read" is disabled once done: focus moves to the first notification of the menu.
  const markEveryRead = () =>
    markAllRead(() => {
      document.getElementById(MENU_ID)?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
      setAnnouncement(translate('notifications.markedAllRead'));
    });
  const seeAll = () => {
    close();
    navigate(NOTIFICATIONS_ROUTE);
  };

  return (
    <>
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="notification-bell"
        // Absent until the server has answered the count.
        data-unread={counted}
      >
        <Badge
          badgeContent={unread}
          color="error"
          max={BADGE_MAX}
          slotProps={{ badge: { 'data-testid': 'notification-count', 'aria-hidden': true } as object }}
        >
          <NotificationsNone />
        </Badge>
      </IconButton>
      <PoliteStatus message={announcement} />
      <MenuWithHeader
        id={MENU_ID}
        anchor={anchor}
        onClose={close}
        label={translate('notifications.title')}
        dense
        paperSx={{ width: 360, maxWidth: 'calc(100vw - 32px)' }}
        data-testid="notification-menu"
        header={
          <>
            <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {translate('notifications.title')}
              </Typography>
              <Button size="small" disabled={unread === 0 || markingAll} onClick={markEveryRead} data-testid="notification-mark-all-read">
                {translate('notifications.markAllRead')}
              </Button>
            </Box>
            <Divider />
          </>
        }
        empty={
          latest.isPending ? (
            <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
            </Box>
          ) : items.length === 0 ? (
            <Box sx={{ px: 2, py: 2, textAlign: 'center' }}>
              <Typography variant="body2" sx={{ pb: 1, color: 'text.secondary' }} data-testid="notification-empty" role={latest.isError ? 'alert' : undefined}>
                {translate(latest.isError ? 'notifications.loadFailed' : 'notifications.empty')}
              </Typography>
              <Button size="small" onClick={seeAll} data-testid="notification-see-all">
                {translate('notifications.seeAll')}
              </Button>
            </Box>
          ) : undefined
        }
      >
        {items.map((notification) => {
          const { title, message } = notificationText(translate, notification);
          const read = !!notification.readAt;
          return (
            <MenuItem
              key={notification.id}
              data-testid="notification-item"
              data-read={read ? 'true' : 'false'}
              onClick={() => open(notification)}
              sx={{ alignItems: 'flex-start', whiteSpace: 'normal', gap: 1.5, py: 1, bgcolor: read ? undefined : 'action.selected' }}
            >
              <Box sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', flexShrink: 0, bgcolor: read ? 'transparent' : 'primary.main' }} />
              <ListItemText
                primary={title}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {message}
                    </Box>
                    <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                      {when.format(new Date(notification.createdAt))}
                    </Box>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: read ? 400 : 600 } } }}
              />
            </MenuItem>
          );
        })}
        {items.length > 0 && (
          <MenuItem
            onClick={seeAll}
            data-testid="notification-see-all"
            sx={{ justifyContent: 'center', color: 'primary.main', borderTop: 1, borderColor: 'divider' }}
          >
            {translate('notifications.seeAll')}
          </MenuItem>
        )}
      </MenuWithHeader>
    </>
  );
}
