import TablePagination from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../contract/http';

interface EntityPaginationProps {
  total: number;
  /** 1-based, as react-admin counts. */
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** The pager under a table: page sizes of specification section 9, fitting a phone on one line. */
export function EntityPagination({ total, page, perPage, onPage, onPerPage }: EntityPaginationProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPerPage(parseInt(event.target.value, 10))}
      labelRowsPerPage={translate('admin.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => translate('admin.table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => translate(`admin.table.page.${type}`)}
      data-testid="entity-pagination"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        '.MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
        '.MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        // On a phone the size menu speaks for itself: its label would push the arrows onto a second line.
        '.MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        '.MuiTablePagination-input': { ml: { xs: 0, sm: 1 }, mr: { xs: 1, sm: 4 } },
        '.MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}
