import { useState } from 'react';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/PageHeading';
import { AccountGeneralTab } from './AccountGeneralTab';
import { NotificationsCard } from './NotificationsCard';
import { SecurityTab } from './SecurityTab';

const tabs = [
  { value: 'general', labelKey: 'app.profile.tabs.general', icon: <AccountCircleOutlined fontSize="small" />, Content: AccountGeneralTab },
  { value: 'security', labelKey: 'app.profile.tabs.security', icon: <LockOutlined fontSize="small" />, Content: SecurityTab },
  {
    value: 'notifications',
    labelKey: 'notificationPreferences.title',
    icon: <NotificationsOutlined fontSize="small" />,
    Content: NotificationsCard,
  },
];

/** /profile: tabs "account general" and "security". */
export default function ProfilePage() {
  const translate = useTranslate();
  const [current, setCurrent] = useState('general');
  const { Content } = tabs.find((tab) => tab.value === current) ?? tabs[0];
  return (
    <>
      <PageHeading title={translate('app.profile.title')} />
      <Tabs
        value={current}
        onChange={(_, value: string) => setCurrent(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={translate(tab.labelKey)}
            icon={tab.icon}
            iconPosition="start"
            data-testid={`profile-tab-${tab.value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel">
        <Content />
      </Box>
    </>
  );
}
