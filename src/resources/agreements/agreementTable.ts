import { createElement, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { agreementsDeclaration } from '../../../contract/resources/agreements';
import { declaredEntity } from '../../entityTable/declaredEntity';
import type { RowActionDialogProps } from '../../entityTable/types';
import { AgreementVersionsDialog } from './AgreementVersionsDialog';

/** Agreements (issue 40): the declared table; a row's versions (and publishing the next) and its acceptances. */
export default declaredEntity(agreementsDeclaration, {
  rowActions: [
    {
      key: 'versions',
      labelKey: 'agreements.rowVersions',
      icon: createElement(HistoryOutlined, { fontSize: 'small' }),
      access: { action: 'View' },
      // The declared table's rows are its declaration's records.
      Dialog: AgreementVersionsDialog as ComponentType<RowActionDialogProps<RaRecord>>,
    },
    {
      key: 'acceptances',
      labelKey: 'agreements.rowAcceptances',
      icon: createElement(HowToRegOutlined, { fontSize: 'small' }),
      access: { action: 'Search' },
      run: (agreement, { navigate }) => navigate(`/agreement-acceptances?filter=${encodeURIComponent(JSON.stringify({ agreementId: agreement.id }))}`),
    },
  ],
});
