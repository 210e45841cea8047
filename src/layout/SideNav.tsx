import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import { usePermissions, useTranslate } from 'react-admin';
import { Brand } from '../components/Brand';
import { visibleNavigation } from './navigation';
import { NavGroupItem } from './NavGroupItem';
import { NavLinkItem } from './NavLinkItem';

/** The side navigation's content: every item gated by its permission, groups shown when a child is. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const sections = visibleNavigation(permissions);
  return (
    <Box component="nav" aria-label={translate('app.nav.label')} data-testid="side-nav" sx={{ px: 2, pb: 3 }}>
      <Box sx={{ py: 2.5, px: 1 }} onClick={onNavigate}>
        <Brand />
      </Box>
      {sections.map((section, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider sx={{ my: 1 }} />}
          <List disablePadding>
            {section.map((entry) =>
              entry.kind === 'link' ? (
                <NavLinkItem key={entry.path} link={entry} onNavigate={onNavigate} />
              ) : (
                <NavGroupItem key={entry.id} group={entry} onNavigate={onNavigate} />
              ),
            )}
          </List>
        </Fragment>
      ))}
    </Box>
  );
}
