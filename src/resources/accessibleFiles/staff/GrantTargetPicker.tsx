import { useTranslate } from 'react-admin';
import type { GrantConditionType } from '../../../../contract/files';
import type { RoleDto } from '../../../../contract/roles.dto';
import type { UserDto } from '../../../../contract/users';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { RecordPicker } from './RecordPicker';

interface GrantTargetPickerProps {
  conditionType: GrantConditionType;
  value: string | null;
  valueLabel?: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  disabled?: boolean;
}

/** Who a grant names, searched on the server by its condition type: a partner, a role, or a user. */
export function GrantTargetPicker({ conditionType, value, valueLabel, onChange, error, disabled }: GrantTargetPickerProps) {
  const translate = useTranslate();
  const label = translate(`fileManager.grants.target.${conditionType}`);
  const shared = { label, value, valueLabel, error: !!error, helperText: error, required: true, disabled };
  if (conditionType === 'partner') return <PartnerPicker {...shared} onChange={onChange} />;
  if (conditionType === 'role')
    return <RecordPicker<RoleDto> {...shared} resource="roles" onChange={(id) => onChange(id)} optionLabel={(role) => role.name} testId="grant-target-role" />;
  return (
    <RecordPicker<UserDto>
      {...shared}
      resource="user-management"
      onChange={(id) => onChange(id)}
      optionLabel={(user) => (user.partnerName ? `${user.fullName} · ${user.partnerName}` : `${user.fullName} · ${user.email}`)}
      testId="grant-target-user"
    />
  );
}
