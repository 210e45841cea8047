import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ROLE_MAPPINGS_MAX, type SignInSettingsDto, type SsoRoleMappingDto } from '../../../contract/sso';
import { SettingsCard } from './SettingsCard';
import type { SignInSettingsApi } from './signInSettingsApi';

type RoleOption = SignInSettingsDto['givableRoles'][number];

/** Group (or claim value) → role, edited as a table and saved as a whole (the page remounts it with the saved table). */
export function RoleMappingsSection(props: {
  mappings: SsoRoleMappingDto[];
  roles: RoleOption[];
  api: SignInSettingsApi;
  canUpdate: boolean;
  onChange: () => void;
}) {
  const translate = useTranslate();
  const [rows, setRows] = useState(props.mappings);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A mapped role the reader may not list still shows, by its id, rather than as an empty choice.
  const options = [
    ...props.roles,
    ...rows.filter((r) => r.roleId && !props.roles.some((o) => o.id === r.roleId)).map((r) => ({ id: r.roleId, name: r.roleId })),
  ];

  const update = (index: number, change: Partial<SsoRoleMappingDto>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await props.api.saveRoleMappings(rows.map((row) => ({ claimValue: row.claimValue.trim(), roleId: row.roleId })));
      props.onChange();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title={translate('signInSettings.mappings.title')} intro={translate('signInSettings.mappings.intro')} testId="sso-role-mappings">
      {rows.length === 0 && <Typography sx={{ color: 'text.secondary', mb: 1 }}>{translate('signInSettings.mappings.none')}</Typography>}
      {rows.map((row, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, mb: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center' }} data-testid="sso-role-mapping">
          <TextField
            id={`sso-mapping-claim-${index}`}
            size="small"
            label={translate('signInSettings.mappings.claimValue')}
            value={row.claimValue}
            onChange={(event) => update(index, { claimValue: event.target.value })}
            disabled={!props.canUpdate}
            sx={{ flex: '1 1 200px' }}
          />
          <TextField
            id={`sso-mapping-role-${index}`}
            size="small"
            select
            label={translate('signInSettings.mappings.role')}
            value={row.roleId}
            onChange={(event) => update(index, { roleId: event.target.value })}
            disabled={!props.canUpdate}
            sx={{ flex: '1 1 160px' }}
          >
            {options.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                {role.name}
              </MenuItem>
            ))}
          </TextField>
          {props.canUpdate && (
            <IconButton
              aria-label={translate('signInSettings.mappings.removeLabel', { value: row.claimValue || '…' })}
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              <DeleteOutline />
            </IconButton>
          )}
        </Box>
      ))}
      {failure && (
        <Typography role="alert" color="error" sx={{ mb: 1 }}>
          {failure}
        </Typography>
      )}
      {props.canUpdate && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={rows.length >= ROLE_MAPPINGS_MAX} onClick={() => setRows((all) => [...all, { claimValue: '', roleId: '' }])}>
            {translate('signInSettings.mappings.add')}
          </Button>
          <Button variant="contained" loading={saving} onClick={() => void save()} data-testid="sso-role-mappings-save">
            {translate('signInSettings.mappings.save')}
          </Button>
        </Box>
      )}
    </SettingsCard>
  );
}
