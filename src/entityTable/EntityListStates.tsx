import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { EmptyState } from '../components/EmptyState';

/** Every body row of an entity table is this high, whatever its cells hold (chips, two-line names, text). */
export const ROW_HEIGHT = 53;

/** How many placeholder rows stand in for a list while it first loads. */
const SKELETON_ROWS = 5;

/** What an empty list offers: clearing the filters when they narrow it, otherwise adding the first row. */
export interface EmptyListOffer {
  /** A keyword or filter narrows the list. */
  filtered: boolean;
  onClearFilters?: () => void;
  /** The title when nothing narrows the list, e.g. "No partners yet". */
  titleKey?: string;
  create?: { label: string; onCreate: () => void };
}

/** Placeholder rows of the table's own height while the list first loads. */
export function SkeletonRows({ cells }: { cells: number }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <TableRow key={row} data-testid="entity-skeleton-row" sx={{ height: ROW_HEIGHT }}>
          {Array.from({ length: cells }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton variant="text" width={cell === 0 ? '70%' : '50%'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** Placeholder cards while the list first loads on a phone. */
export function SkeletonCards() {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <Card key={row} variant="outlined" data-testid="entity-skeleton-card" sx={{ p: 1.5 }}>
          <Skeleton variant="text" width="60%" sx={{ fontSize: '1rem' }} />
          <Skeleton variant="rounded" width={72} height={24} sx={{ my: 0.5 }} />
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="50%" />
        </Card>
      ))}
    </>
  );
}

/** The list is empty: says why and offers the next step (clear the filters, or add the first row). */
export function EmptyList({ offer }: { offer?: EmptyListOffer }) {
  const translate = useTranslate();
  if (offer?.filtered)
    return (
      <EmptyState
        dense
        title={translate('admin.table.noMatchTitle')}
        hint={translate('admin.table.noMatchHint')}
        action={
          offer.onClearFilters && (
            <Button variant="outlined" onClick={offer.onClearFilters} data-testid="entity-clear-filters">
              {translate('admin.table.clearFilters')}
            </Button>
          )
        }
        testId="entity-empty"
      />
    );
  const create = offer?.create;
  return (
    <EmptyState
      dense
      title={translate(offer?.titleKey ?? 'admin.table.emptyTitle')}
      hint={create ? translate('admin.table.emptyCreateHint') : undefined}
      action={
        create && (
          <Button variant="contained" onClick={create.onCreate} data-testid="entity-empty-create">
            {create.label}
          </Button>
        )
      }
      testId="entity-empty"
    />
  );
}

/** The list could not be loaded: says so and offers to try again. */
export function FailedList({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <EmptyState
      dense
      title={translate('admin.table.loadFailedTitle')}
      hint={translate('admin.table.loadFailedHint')}
      action={
        <Button variant="outlined" onClick={onRetry} data-testid="entity-retry">
          {translate('admin.table.retry')}
        </Button>
      }
      testId="entity-load-failed"
    />
  );
}
