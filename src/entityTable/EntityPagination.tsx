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

/** The pager under a list: page sizes of specification section 9 (the theme fits it on a phone's line). */
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
      sx={{ borderTop: 1, borderColor: 'divider' }}
    />
  );
}
