import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useStateResetOn } from '../components/useStateResetOn';
import type { EntityFilter } from './types';

type FilterValues = Record<string, unknown>;

/** Select filters hold the choice's text while edited and send its filter value (a boolean, say). */
function toShown(filters: EntityFilter[], applied: FilterValues): FilterValues {
  const shown = { ...applied };
  for (const filter of filters) {
    if (filter.kind !== 'select') continue;
    const choice = filter.choices.find((c) => (c.filterValue ?? c.value) === applied[filter.source]);
    shown[filter.source] = choice?.value;
  }
  return shown;
}

function toApplied(filters: EntityFilter[], shown: FilterValues): FilterValues {
  const applied = { ...shown };
  for (const filter of filters) {
    if (filter.kind !== 'select') continue;
    const choice = filter.choices.find((c) => c.value === shown[filter.source]);
    applied[filter.source] = choice ? (choice.filterValue ?? choice.value) : undefined;
  }
  return applied;
}

interface AdvancedSearchPanelProps {
  open: boolean;
  filters: EntityFilter[];
  /** The filters in force. */
  applied: FilterValues;
  onApply: (values: FilterValues) => void;
}

/** The optional advanced search: a field per declared filter, applied with Search, emptied with Clear. */
export function AdvancedSearchPanel({ open, filters, applied, onApply }: AdvancedSearchPanelProps) {
  const translate = useTranslate();
  const [values, setValues] = useStateResetOn<FilterValues>([filters, applied], () => toShown(filters, applied));
  const set = (source: string, value: unknown) => setValues((current) => ({ ...current, [source]: value }));
  const sources = filters.map((f) => f.source);
  return (
    <Collapse in={open} unmountOnExit>
      <Stack
        component="form"
        role="search"
        data-testid="entity-advanced-search"
        spacing={2}
        sx={{ px: 2, pb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          onApply(toApplied(filters, values));
        }}
      >
        <Grid container spacing={2}>
          {filters.map((filter) => {
            const label = translate(filter.labelKey);
            const value = values[filter.source];
            return (
              <Grid key={filter.source} size={{ xs: 12, sm: 6, md: 4 }}>
                {filter.kind === 'custom' ? (
                  <filter.Input label={label} value={value} onChange={(next) => set(filter.source, next)} />
                ) : (
                  <TextField
                    size="small"
                    fullWidth
                    select={filter.kind === 'select'}
                    label={label}
                    name={filter.source}
                    value={value ?? ''}
                    onChange={(event) => set(filter.source, event.target.value)}
                  >
                    {filter.kind === 'select' && [
                      <MenuItem key="" value="">
                        {translate('admin.table.any')}
                      </MenuItem>,
                      ...filter.choices.map((choice) => (
                        <MenuItem key={choice.value} value={choice.value}>
                          {translate(choice.labelKey)}
                        </MenuItem>
                      )),
                    ]}
                  </TextField>
                )}
              </Grid>
            );
          })}
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            onClick={() => {
              const cleared = Object.fromEntries(sources.map((s) => [s, undefined]));
              setValues(cleared);
              onApply(cleared);
            }}
            data-testid="entity-filters-clear"
          >
            {translate('admin.table.clear')}
          </Button>
          <Button type="submit" variant="contained" data-testid="entity-filters-apply">
            {translate('admin.table.search')}
          </Button>
        </Stack>
      </Stack>
    </Collapse>
  );
}
