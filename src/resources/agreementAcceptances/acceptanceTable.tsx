import { useLocaleState } from 'react-admin';
import type { AgreementAcceptanceDto } from '../../../contract/agreements';
import { declaredIdentity } from '../../admin/screenDeclaration';
import type { EntityResource } from '../../entityTable/types';
import { useDateTimeFormat } from '../tickets/useDateTimeFormat';
import agreementAcceptances from '.';
import { AgreementFilterInput } from './AgreementFilterInput';

function AcceptedAt({ row }: { row: AgreementAcceptanceDto }) {
  const dateTime = useDateTimeFormat();
  return <>{dateTime(row.acceptedAt)}</>;
}

function AgreementName({ row }: { row: AgreementAcceptanceDto }) {
  const [locale] = useLocaleState();
  return <>{locale === 'vi' ? row.agreementNameVi : row.agreementName}</>;
}

const label = (field: string) => `agreements.acceptances.fields.${field}`;

/** Who accepted which version (/agreement-acceptances): read only, filtered by agreement from an agreement's row. */
const acceptanceTable: EntityResource<AgreementAcceptanceDto> = {
  ...declaredIdentity(agreementAcceptances),
  titleKey: 'agreements.acceptances.title',
  nameKey: 'agreements.acceptances.name',
  descriptionKey: 'agreements.acceptances.description',
  emptyTitleKey: 'agreements.acceptances.empty',
  defaultSort: { field: 'acceptedAt', order: 'DESC' },
  keywordSearch: true,
  filters: [{ kind: 'custom', source: 'agreementId', labelKey: 'agreements.acceptances.filterAgreement', Input: AgreementFilterInput }],
  canCreate: false,
  canDelete: false,
  columns: [
    { source: 'userName', labelKey: label('userName'), sortable: true, card: 'title' },
    { source: 'userEmail', labelKey: label('userEmail'), sortable: true, hideOnMobile: true, card: 'fact' },
    { source: 'partnerName', labelKey: label('partnerName'), sortable: true, card: 'fact' },
    { source: 'agreementName', labelKey: label('agreementName'), sortable: true, render: (row) => <AgreementName row={row} />, card: 'fact' },
    { source: 'versionNumber', labelKey: label('versionNumber'), sortable: true, card: 'fact' },
    { source: 'acceptedAt', labelKey: label('acceptedAt'), sortable: true, render: (row) => <AcceptedAt row={row} />, card: 'fact' },
    { source: 'clientAddress', labelKey: label('clientAddress'), sortable: true, hideOnMobile: true, card: 'fact' },
  ],
};

export default acceptanceTable;
