import { useEffect, useMemo, useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { RoleDto, RolePermissionsChange } from '../../../contract/roles.dto';
import { LoadingScreen } from '../../components/LoadingScreen';
import { StatusPage } from '../../components/StatusPage';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import { PageHeading } from '../../layout/PageHeading';
import { PermissionChangeDialog } from './PermissionChangeDialog';
import { PermissionMatrix } from './PermissionMatrix';
import { hiddenCount, permissionMatrix } from './permissionMatrix';
import { rolePermissionsApi } from './rolePermissionsApi';

/**
 * /roles/{id}/permissions: this product's resources by action in one matrix, with a search. Permissions the
 * matrix does not show (template resources) are sent back as they were. Saving first asks the server what would change and whom it reaches, and applies
 * it only once confirmed.
 */
export default function RolePermissionsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id = '' } = useParams();
  const { can } = useResourceAccess('Roles');
  const mayUpdate = can({ action: 'Update' });
  const { data: role, error: roleError } = useGetOne<RoleDto>('roles', { id }, { retry: false });
  const [saved, setSaved] = useState<Set<string> | null>(null);
  const [enabled, setEnabled] = useState<Set<string>>(new Set());
  const [loadFailed, setLoadFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [change, setChange] = useState<RolePermissionsChange | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const loading = new AbortController();
    rolePermissionsApi.get(id, loading.signal).then(
      (permissions) => {
        setSaved(new Set(permissions));
        setEnabled(new Set(permissions));
      },
      () => setLoadFailed(true),
    );
    return () => loading.abort();
  }, [id]);

  const matrix = useMemo(() => permissionMatrix(translate, search), [translate, search]);
  const changedCount = useMemo(() => {
    if (!saved) return 0;
    return [...enabled].filter((p) => !saved.has(p)).length + [...saved].filter((p) => !enabled.has(p)).length;
  }, [saved, enabled]);

  if (roleError || loadFailed) {
    return (
      <StatusPage
        testId="not-found"
        code="404"
        title={translate('admin.permissions.notFoundTitle')}
        body={translate('admin.permissions.notFoundBody')}
        homeLabel={translate('app.notFound.home')}
      />
    );
  }
  if (!role || !saved) return <LoadingScreen />;

  const hidden = hiddenCount(saved);
  const setMany = (keys: string[], on: boolean) =>
    setEnabled((current) => {
      const next = new Set(current);
      keys.forEach((k) => (on ? next.add(k) : next.delete(k)));
      return next;
    });

  const preview = async () => {
    setBusy(true);
    try {
      setChange(await rolePermissionsApi.preview(id, [...enabled].sort()));
    } catch {
      // The HTTP client has shown why (a permission you do not hold, a role ranking at or above yours).
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    setBusy(true);
    try {
      await rolePermissionsApi.save(id, [...enabled].sort());
      setSaved(new Set(enabled));
      setChange(null);
      notify('admin.permissions.saved', { type: 'success' });
    } catch {
      // Shown by the HTTP client; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button component={RouterLink} to="/roles" startIcon={<ArrowBack />} color="inherit" sx={{ mb: 1 }} data-testid="back-to-roles">
        {translate('admin.permissions.backToRoles')}
      </Button>
      <PageHeading title={translate('admin.permissions.title', { role: role.name })}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {translate('admin.permissions.subtitle', { priority: role.priority, count: saved.size })}
        </Typography>
      </PageHeading>
      {!mayUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('admin.permissions.readOnly')}
        </Alert>
      )}
      <TextField
        fullWidth
        type="search"
        size="small"
        placeholder={translate('admin.permissions.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        slotProps={{
          htmlInput: { 'aria-label': translate('admin.permissions.search'), 'data-testid': 'permission-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {matrix.rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4 }}>{translate('admin.permissions.noMatch')}</Typography>
      ) : (
        <PermissionMatrix columns={matrix.columns} rows={matrix.rows} enabled={enabled} readOnly={!mayUpdate} onChange={setMany} />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5, mb: 12 }} data-testid="permission-hidden-kept">
        {hidden === 0 ? translate('admin.permissions.hiddenNone') : translate('admin.permissions.hiddenKept', { smart_count: hidden })}
      </Typography>
      {mayUpdate && (
        <Paper elevation={6} sx={{ position: 'sticky', bottom: 16, zIndex: 2, p: 1.5, mx: 'auto', maxWidth: 720 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1, pl: 1 }}>
              <Typography variant="body2" data-testid="permission-changed-count">
                {changedCount === 0 ? translate('admin.permissions.noChanges') : translate('admin.permissions.changed', { smart_count: changedCount })}
              </Typography>
            </Box>
            <Button color="inherit" disabled={changedCount === 0 || busy} onClick={() => setEnabled(new Set(saved))} data-testid="permission-reset">
              {translate('admin.permissions.reset')}
            </Button>
            <Button variant="contained" disabled={changedCount === 0 || busy} onClick={() => void preview()} data-testid="permission-save">
              {translate('admin.permissions.save')}
            </Button>
          </Stack>
        </Paper>
      )}
      {change && <PermissionChangeDialog roleName={role.name} change={change} saving={busy} onCancel={() => setChange(null)} onConfirm={() => void apply()} />}
    </>
  );
}
