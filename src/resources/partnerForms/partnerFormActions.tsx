import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import UpgradeOutlined from '@mui/icons-material/UpgradeOutlined';
import type { ReactElement } from 'react';
import type { PartnerFormDto } from '../../../contract/forms';
import type { ActionAccess } from '../../entityTable/types';
import { appliesTo, type StatusChange } from './partnerFormApi';
import { PartnerFormStatusDialog } from './PartnerFormStatusDialog';
import { VersionChangesDialog } from './VersionChangesDialog';

/** What staff may do to a partner form, each opening its dialog. */
export type PartnerFormAction = { kind: 'status'; change: StatusChange } | { kind: 'versions' };

export interface PartnerFormActionItem {
  action: PartnerFormAction;
  key: string;
  labelKey: string;
  icon: ReactElement;
}

const STATUS_ITEMS: { change: StatusChange; icon: ReactElement }[] = [
  { change: 'lock', icon: <LockOutlined fontSize="small" /> },
  { change: 'unlock', icon: <LockOpenOutlined fontSize="small" /> },
  { change: 'reopen', icon: <ReplayOutlined fontSize="small" /> },
];

/** Every change needs AdminUpdate (the server refuses it otherwise); each applies to some states only. */
export function partnerFormActionsFor(row: PartnerFormDto, can: (access: ActionAccess) => boolean): PartnerFormActionItem[] {
  if (!can({ action: 'AdminUpdate' })) return [];
  const items: PartnerFormActionItem[] = STATUS_ITEMS.filter(({ change }) => appliesTo(change, row.status)).map(({ change, icon }) => ({
    action: { kind: 'status', change },
    key: change,
    labelKey: `partnerForms.${change}.action`,
    icon,
  }));
  if (row.outdated)
    items.push({ action: { kind: 'versions' }, key: 'versions', labelKey: 'partnerForms.versions.open', icon: <UpgradeOutlined fontSize="small" /> });
  return items;
}

/** The dialog of an action on one or (the version choice) several partner forms. */
export function PartnerFormActionDialog({
  action,
  records,
  onClose,
  onChanged,
}: {
  action: PartnerFormAction;
  records: PartnerFormDto[];
  onClose: () => void;
  onChanged: () => void;
}) {
  if (action.kind === 'versions') return <VersionChangesDialog records={records} onClose={onClose} onChanged={onChanged} />;
  return <PartnerFormStatusDialog record={records[0]} change={action.change} onClose={onClose} onChanged={onChanged} />;
}
