import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AuditTrailEntry } from './userApi';

/** Columns kept for search only: nobody reads them in a history. */
const HIDDEN_COLUMNS = new Set(['searchText', 'nameFolded', 'updatedAt']);

const typeColor = (type: string) => (type === 'Create' ? 'success' : type === 'Delete' ? 'error' : 'info');

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fields that name the changed row better than its id. */
const NAMING_FIELDS = ['email', 'name', 'subject', 'fileName', 'request', 'impersonated'];

function subjectOf(entry: AuditTrailEntry): string {
  const values = { ...entry.oldValues, ...entry.newValues };
  const naming = NAMING_FIELDS.map((f) => values[f]).find((v) => typeof v === 'string' && v);
  return typeof naming === 'string' ? naming : entry.primaryKey;
}

/** The fields an entry changed with their value before and after (a create has no before, a delete no after). */
function changesOf(entry: AuditTrailEntry) {
  const before = entry.oldValues ?? {};
  const after = entry.newValues ?? {};
  const columns = entry.affectedColumns?.length ? entry.affectedColumns : Object.keys({ ...before, ...after });
  return columns.filter((c) => !HIDDEN_COLUMNS.has(c)).map((column) => ({ column, before: before[column], after: after[column] }));
}

/** A readable audit history: one card per change on a vertical line, its fields before and after. */
export function AuditTrailTimeline({ entries, userId }: { entries: AuditTrailEntry[]; userId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="audit-timeline">
      {entries.map((entry, index) => {
        const changes = changesOf(entry);
        const color = typeColor(entry.type);
        return (
          <Box component="li" key={entry.id} sx={{ display: 'flex', gap: 2 }} data-testid="audit-entry">
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: `${color}.main`, flexShrink: 0 }} />
              {index < entries.length - 1 && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, pb: 3 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Chip size="small" color={color} label={translate(`admin.audit.types.${entry.type}`, { _: entry.type })} />
                <Typography sx={{ fontWeight: 600 }}>{translate(`admin.audit.tables.${entry.tableName}`, { _: entry.tableName })}</Typography>
                <Typography sx={{ color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}>{subjectOf(entry)}</Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {when.format(new Date(entry.dateTime))} · {translate(entry.userId === userId ? 'admin.audit.byThisUser' : 'admin.audit.byAnother')}
              </Typography>
              {changes.length > 0 && (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('admin.audit.field')}</TableCell>
                        {entry.type !== 'Create' && <TableCell>{translate('admin.audit.before')}</TableCell>}
                        {entry.type !== 'Delete' && <TableCell>{translate('admin.audit.after')}</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {changes.map(({ column, before, after }) => (
                        <TableRow key={column}>
                          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', width: '1%' }}>{column}</TableCell>
                          {entry.type !== 'Create' && (
                            <TableCell sx={{ color: entry.type === 'Update' ? 'error.main' : undefined, overflowWrap: 'anywhere' }}>{shown(before)}</TableCell>
                          )}
                          {entry.type !== 'Delete' && (
                            <TableCell sx={{ color: entry.type === 'Update' ? 'success.main' : undefined, overflowWrap: 'anywhere' }}>{shown(after)}</TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
