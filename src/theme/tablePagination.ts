import type { Components, Theme } from '@mui/material/styles';

/**
 * Every pager fits a phone on one line: below 600 px the "Rows per page" label goes (the size menu speaks for
 * itself and keeps its name) and the gaps narrow, so the arrows never drop onto a line of their own.
 */
export const tablePaginationOverrides: NonNullable<Components<Theme>['MuiTablePagination']>['styleOverrides'] = {
  toolbar: ({ theme }) => ({
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    paddingLeft: theme.spacing(2),
    paddingRight: theme.spacing(2),
    [theme.breakpoints.down('sm')]: { paddingLeft: theme.spacing(1), paddingRight: theme.spacing(1) },
  }),
  spacer: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } }),
  selectLabel: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } }),
  input: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { marginLeft: 0, marginRight: theme.spacing(1) } }),
  actions: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { marginLeft: theme.spacing(1) } }),
};
