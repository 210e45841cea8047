import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { permission } from '../../../contract/permissions';
import { actionLabel, resourceLabel, type PermissionGroup } from './permissionCatalogue';

interface PermissionGroupCardProps {
  group: PermissionGroup;
  enabled: ReadonlySet<string>;
  readOnly: boolean;
  onChange: (permissions: string[], enabled: boolean) => void;
}

/** One resource: a switch per action and a select-all for the actions shown. */
export function PermissionGroupCard({ group, enabled, readOnly, onChange }: PermissionGroupCardProps) {
  const translate = useTranslate();
  const keys = group.actions.map((action) => permission(group.resource, action));
  const count = keys.filter((k) => enabled.has(k)).length;
  const all = count === keys.length;
  const label = resourceLabel(translate, group.resource);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`permission-group-${group.resource}`}>
      <CardHeader
        title={label}
        subheader={translate('admin.permissions.enabledCount', { count, total: keys.length })}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 700 } }, subheader: { variant: 'caption' } }}
        action={
          <Tooltip title={translate('admin.permissions.selectAll')}>
            <Checkbox
              checked={all}
              indeterminate={count > 0 && !all}
              disabled={readOnly}
              onChange={() => onChange(keys, !all)}
              slotProps={{ input: { 'aria-label': translate('admin.permissions.selectAllOf', { resource: label }) } }}
              data-testid={`permission-all-${group.resource}`}
            />
          </Tooltip>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 1 }}>
          {group.actions.map((action) => {
            const key = permission(group.resource, action);
            return (
              <FormControlLabel
                key={action}
                control={
                  <Switch
                    size="small"
                    checked={enabled.has(key)}
                    disabled={readOnly}
                    onChange={(event) => onChange([key], event.target.checked)}
                    data-testid={`permission-${key}`}
                  />
                }
                label={actionLabel(translate, action)}
                slotProps={{ typography: { variant: 'body2', noWrap: true, title: key } }}
                sx={{ mr: 0, minWidth: 0 }}
              />
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
