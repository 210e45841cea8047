import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationDto } from '../../../contract/notifications';
import { EmptyState } from '../../components/EmptyState';
import { PoliteStatus } from '../../components/PoliteStatus';
import { PageHeading } from '../../layout/PageHeading';
import { useInboxPage, useMarkRead, useUnreadCount } from '../../notifications/inbox';
import { notificationText } from '../../notifications/notificationText';
import { useTimeText } from '../home/useTimeText';

/**
 * Every notification of the signed-in user, kept on the server (issue 24): newest first, a page at a time, all or
 * the unread only; opening one or "Mark read" marks it read, "Mark all read" all of them.
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const time = useTimeText();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const unread = useUnreadCount() ?? 0;
  const inbox = useInboxPage({ page, pageSize: NOTIFICATIONS_PAGE_SIZE, unreadOnly });
  const { markRead, markAllRead, markingAll } = useMarkRead();
  const items = inbox.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((inbox.data?.totalCount ?? 0) / NOTIFICATIONS_PAGE_SIZE));
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const unreadCountRef = useRef<HTMLParagraphElement>(null);

  // "Mark read" goes once the server has answered: focus moves to the next unread one's, else to the list (or, when
  // the list has emptied, to the unread count beside "Mark all read").
  const focusAfterMarking = (nextId: string | undefined) => {
    const next = nextId ? listRef.current?.querySelector<HTMLElement>(`[data-mark-read="${CSS.escape(nextId)}"]`) : null;
    (next ?? listRef.current ?? unreadCountRef.current)?.focus();
  };
  const markOneRead = (notification: NotificationDto, title: string) => {
    const unreadItems = items.filter((item) => !item.readAt);
    const at = unreadItems.findIndex((item) => item.id === notification.id);
    const next = unreadItems[at + 1] ?? unreadItems[at - 1];
    markRead(notification, () => {
      focusAfterMarking(next?.id);
      setAnnouncement(translate('notifications.markedRead', { title }));
    });
  };
  const markEveryRead = () =>
    markAllRead(() => {
      focusAfterMarking(undefined);
      setAnnouncement(translate('notifications.markedAllRead'));
    });

  const row = (notification: NotificationDto) => {
    const { title, message } = notificationText(translate, notification);
    const read = !!notification.readAt;
    const titleId = `notification-title-${notification.id}`;
    return (
      <ListItem
        key={notification.id}
        divider
        data-testid="notifications-page-item"
        data-read={read ? 'true' : 'false'}
        sx={{ gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, bgcolor: read ? undefined : 'action.hover' }}
      >
        <Box
          component="span"
          role={read ? undefined : 'img'}
          aria-label={read ? undefined : translate('notifications.unreadMarker')}
          sx={{ width: 10, height: 10, mt: 0.75, borderRadius: '50%', flexShrink: 0, bgcolor: read ? 'transparent' : 'primary.main' }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="body1" sx={{ fontWeight: read ? 400 : 600, overflowWrap: 'anywhere' }}>
            {notification.link ? (
              <Link component={RouterLink} to={notification.link} onClick={() => markRead(notification)} underline="hover" color="inherit">
                {title}
              </Link>
            ) : (
              title
            )}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {message}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} title={time.absolute(notification.createdAt)}>
            {time.relative(notification.createdAt)}
          </Typography>
        </Box>
        {!read && (
          <Button
            size="small"
            onClick={() => markOneRead(notification, title)}
            aria-describedby={titleId}
            data-mark-read={notification.id}
            data-testid="notifications-page-mark-read"
            sx={{ flexShrink: 0 }}
          >
            {translate('notifications.markRead')}
          </Button>
        )}
      </ListItem>
    );
  };

  return (
    <>
      <PageHeading title={translate('notifications.page.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('notifications.page.intro')}</Typography>
      </PageHeading>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(_event, value: string | null) => {
            if (!value) return;
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
          aria-label={translate('notifications.page.filterLabel')}
        >
          <ToggleButton value="all" data-testid="notifications-page-all">
            {translate('notifications.page.all')}
          </ToggleButton>
          <ToggleButton value="unread" data-testid="notifications-page-unread">
            {translate('notifications.page.unreadOnly')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography
            ref={unreadCountRef}
            tabIndex={-1}
            variant="body2"
            sx={{ color: 'text.secondary', outline: 'none' }}
            data-testid="notifications-page-unread-count"
          >
            {translate('notifications.page.unreadCount', { smart_count: unread })}
          </Typography>
          <Button variant="outlined" size="small" disabled={unread === 0 || markingAll} onClick={markEveryRead} data-testid="notifications-page-mark-all-read">
            {translate('notifications.markAllRead')}
          </Button>
        </Stack>
      </Stack>
      {inbox.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void inbox.refetch()}>
              {translate('notifications.retry')}
            </Button>
          }
        >
          {translate('notifications.loadFailed')}
        </Alert>
      ) : inbox.isPending ? null : items.length === 0 ? (
        <Card variant="outlined">
          <EmptyState title={translate(unreadOnly ? 'notifications.page.emptyUnread' : 'notifications.page.empty')} />
        </Card>
      ) : (
        <Card variant="outlined">
          <List
            ref={listRef}
            tabIndex={-1}
            disablePadding
            sx={{ outline: 'none' }}
            aria-label={translate('notifications.page.title')}
            data-testid="notifications-page-list"
          >
            {items.map(row)}
          </List>
        </Card>
      )}
      <PoliteStatus message={announcement} />
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_event, next) => setPage(next)} data-testid="notifications-page-pagination" />
        </Box>
      )}
    </>
  );
}
