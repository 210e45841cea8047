import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import type { PagedResult } from '../../../contract/envelope';
import { DEFAULT_PAGE_SIZE } from '../../../contract/http';
import type { UpcomingPartnerFormsDto } from '../../../contract/onboardingRules';
import { apiPaths } from '../../config/apiPaths';
import { EntityPagination } from '../../entityTable/EntityPagination';
import { apiRequest } from '../../providers/http';
import { PartnerPicker } from '../partners/PartnerPicker';

/**
 * Per partner, the forms the sequence will assign next. Its query key starts with the resource's name, so a hub
 * `ResourceChanged` of `next-partner-forms` refetches it like the rules above.
 */
export function UpcomingPartnerForms() {
  const translate = useTranslate();
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, isFetching } = useQuery({
    queryKey: ['next-partner-forms', 'upcoming', { partnerId, page, pageSize }],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ pageNumber: String(page + 1), pageSize: String(pageSize), ...(partnerId ? { partnerId } : {}) });
      return (await apiRequest<PagedResult<UpcomingPartnerFormsDto>>(`${apiPaths.resource('next-partner-forms')}/upcoming?${query}`, { signal })).data;
    },
    placeholderData: (previous) => previous,
  });
  const t = (key: string, values?: Record<string, unknown>) => translate(`validationRules.onboarding.${key}`, values);

  return (
    <Card component="section" aria-labelledby="upcoming-title" sx={{ p: 2 }}>
      <Typography id="upcoming-title" variant="h6" component="h2" gutterBottom>
        {t('upcoming')}
      </Typography>
      <Box sx={{ maxWidth: 360, mb: 2 }}>
        <PartnerPicker
          label={t('partnerFilter')}
          value={partnerId}
          onChange={(id) => {
            setPartnerId(id);
            setPage(0);
          }}
          size="small"
        />
      </Box>
      {isFetching && <LinearProgress aria-label={translate('app.loading')} />}
      <TableContainer>
        <Table size="small" data-testid="upcoming-partner-forms">
          <TableHead>
            <TableRow>
              <TableCell>{t('partner')}</TableCell>
              <TableCell>{t('next')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.items ?? []).map((partner) => (
              <TableRow key={partner.partnerId}>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{partner.partnerName}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {partner.items.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('nothingNext')}
                    </Typography>
                  ) : (
                    partner.items.map((item) => (
                      <Typography key={item.ruleId} variant="body2">
                        {t('afterAssign', { after: item.after || t('unnamedForm'), assign: item.assign || t('unnamedForm') })}
                      </Typography>
                    ))
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <EntityPagination
        total={data?.totalCount ?? 0}
        page={page + 1}
        perPage={pageSize}
        onPage={(next) => setPage(next - 1)}
        onPerPage={(next) => {
          setPageSize(next);
          setPage(0);
        }}
      />
    </Card>
  );
}
