import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Action, Permission } from '../../../contract/permissions';
import { actionLabel, resourceDescription, resourceLabel } from './permissionCatalogue';
import { STAFF_ACTIONS, type MatrixRow } from './permissionMatrix';

interface PermissionMatrixProps {
  columns: Action[];
  rows: MatrixRow[];
  enabled: ReadonlySet<string>;
  readOnly: boolean;
  onChange: (permissions: string[], enabled: boolean) => void;
}

/** A toggle for a whole row or column: checked when all are on, mixed when some are. */
function ToggleAll({
  keys,
  enabled,
  readOnly,
  label,
  onChange,
}: {
  keys: Permission[];
  enabled: ReadonlySet<string>;
  readOnly: boolean;
  label: string;
  onChange: PermissionMatrixProps['onChange'];
}) {
  const count = keys.filter((key) => enabled.has(key)).length;
  const all = keys.length > 0 && count === keys.length;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={count > 0 && !all}
      disabled={readOnly || keys.length === 0}
      onChange={() => onChange(keys, !all)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/**
 * Rows are this product's resources (with what each one is), columns the actions, one checkbox per
 * permission that exists there; a toggle per row and per column. Scrolls inside its own region on a phone.
 */
export function PermissionMatrix({ columns, rows, enabled, readOnly, onChange }: PermissionMatrixProps) {
  const translate = useTranslate();
  const staffFrom = columns.findIndex((action) => STAFF_ACTIONS.includes(action));
  // The staff-side columns sit apart, behind a rule and a tint.
  const columnSx = (index: number) =>
    staffFrom >= 0 && index >= staffFrom
      ? { px: 0.5, bgcolor: 'action.hover', ...(index === staffFrom ? { borderLeft: 1, borderLeftColor: 'divider' } : {}) }
      : { px: 0.5 };
  const columnKeys = (index: number) => rows.map((row) => row.cells[index]).filter((key): key is Permission => key !== null);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box
        role="region"
        aria-label={translate('admin.permissions.matrixLabel')}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
        data-testid="permission-matrix"
      >
        <Table size="small" sx={{ '& td, & th': { py: 0.25 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...STICKY, minWidth: { xs: 150, sm: 260 } }}>{translate('admin.permissions.resourceColumn')}</TableCell>
              {columns.map((action, index) => (
                <TableCell key={action} align="center" sx={{ ...columnSx(index), minWidth: 64 }}>
                  <Typography variant="caption" component="div" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                    {actionLabel(translate, action)}
                  </Typography>
                  <ToggleAll
                    keys={columnKeys(index)}
                    enabled={enabled}
                    readOnly={readOnly}
                    label={translate('admin.permissions.selectColumn', { action: actionLabel(translate, action) })}
                    onChange={onChange}
                  />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const label = resourceLabel(translate, row.resource);
              const keys = row.cells.filter((key): key is Permission => key !== null);
              return (
                <TableRow key={row.resource} hover data-testid={`permission-row-${row.resource}`}>
                  <TableCell component="th" scope="row" sx={{ ...STICKY, pl: 0.5 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <ToggleAll
                        keys={keys}
                        enabled={enabled}
                        readOnly={readOnly}
                        label={translate('admin.permissions.selectAllOf', { resource: label })}
                        onChange={onChange}
                      />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {label}
                        </Typography>
                        <Typography variant="caption" component="div" sx={{ color: 'text.secondary', lineHeight: 1.35 }}>
                          {resourceDescription(translate, row.resource)}
                        </Typography>
                      </Box>
                    </Box>
                  </TableCell>
                  {row.cells.map((key, index) => (
                    <TableCell key={columns[index]} align="center" sx={columnSx(index)}>
                      {key && (
                        <Checkbox
                          size="small"
                          checked={enabled.has(key)}
                          disabled={readOnly}
                          onChange={(event) => onChange([key], event.target.checked)}
                          slotProps={{
                            input: { 'aria-label': translate('admin.permissions.cell', { resource: label, action: actionLabel(translate, columns[index]) }) },
                          }}
                          data-testid={`permission-${key}`}
                        />
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
