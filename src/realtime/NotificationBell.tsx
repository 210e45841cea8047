import { useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { MenuWithHeader } from '../layout/MenuWithHeader';
import { notificationStore, unreadCount } from '../notifications/notificationStore';
import { notificationText } from '../notifications/notificationText';

const MENU_ID = 'notification-menu-items';

/** The top bar's bell: the unread count, and a menu of recent notifications with links and "mark all read". */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const when = useMemo(() => new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  const items = useSyncExternalStore(notificationStore.subscribe, notificationStore.getSnapshot, notificationStore.getSnapshot);
  const unread = unreadCount(items);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('notifications.label', { smart_count: unread });

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
        data-unread={unread}
      >
        <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'data-testid': 'notification-count' } as object }}>
          <NotificationsNone />
        </Badge>
      </IconButton>
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
              <Button size="small" disabled={unread === 0} onClick={() => notificationStore.markAllRead()} data-testid="notification-mark-all-read">
                {translate('notifications.markAllRead')}
              </Button>
            </Box>
            <Divider />
          </>
        }
        empty={
          items.length === 0 ? (
            <Typography variant="body2" sx={{ px: 2, py: 3, color: 'text.secondary', textAlign: 'center' }} data-testid="notification-empty">
              {translate('notifications.empty')}
            </Typography>
          ) : undefined
        }
      >
        {items.map((notification) => {
          const { title, message } = notificationText(translate, notification);
          return (
            <MenuItem
              key={notification.id}
              data-testid="notification-item"
              data-read={notification.read ? 'true' : 'false'}
              onClick={() => {
                notificationStore.markRead(notification.id);
                close();
                if (notification.link) navigate(notification.link);
              }}
              sx={{ alignItems: 'flex-start', whiteSpace: 'normal', gap: 1.5, py: 1, bgcolor: notification.read ? undefined : 'action.selected' }}
            >
              <Box sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', flexShrink: 0, bgcolor: notification.read ? 'transparent' : 'primary.main' }} />
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
                slotProps={{ primary: { sx: { fontWeight: notification.read ? 400 : 600 } } }}
              />
            </MenuItem>
          );
        })}
      </MenuWithHeader>
    </>
  );
}
