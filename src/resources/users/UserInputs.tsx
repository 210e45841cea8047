import type { ComponentType } from 'react';
import Grid from '@mui/material/Grid';
import { ReferenceInput, SelectInput, TextInput, useGetIdentity } from 'react-admin';
import type { EntityFormInputsProps } from '../../entityTable/types';
import { useResourceAccess } from '../../entityTable/useResourceAccess';
import type { SessionUser } from '../../providers/auth/sessionUser';
import { PartnerPickerInput } from '../partners/PartnerPickerInput';
import { SecondFactorReset } from './SecondFactorReset';
import { HeldNotice, MailBounceNotice, type UserApiResource } from './userHold';

const text = (source: string, size = 6) => (
  <Grid key={source} size={{ xs: 12, sm: size }}>
    <TextInput source={source} label={`admin.users.fields.${source}`} fullWidth />
  </Grid>
);

export interface UserInputsOptions {
  /**
   * `always`: on register and edit. `staff`: on register, for signed-in staff only (a partner admin's users
   * join their partner, and stay in it).
   */
  partnerPicker: 'always' | 'staff';
  /** Registering staff may give a role; otherwise the server's default (Partner with a partner, else Support). */
  rolePicker: boolean;
  /** Where the edited user's hold is lifted (the edit dialog shows a held sign-in, with a button to lift it). */
  apiResource: UserApiResource;
}

/**
 * The user form: names, contact and organisation; on register also the email (the sign-in name, fixed
 * afterwards), user name and role. The schema is the contract's (registerSchema, updateUserSchema).
 */
export function userInputs({ partnerPicker, rolePicker, apiResource }: UserInputsOptions): ComponentType<EntityFormInputsProps> {
  return function UserInputs({ mode }: EntityFormInputsProps) {
    const { identity } = useGetIdentity();
    const { can } = useResourceAccess('Users');
    const isStaff = !!identity && !(identity as SessionUser).partnerId;
    const showPartner = (partnerPicker === 'always' || (mode === 'create' && isStaff)) && can({ action: 'Search', resource: 'Partners' });
    const showRole = mode === 'create' && rolePicker && can({ action: 'Search', resource: 'Roles' });
    return (
      <Grid container columnSpacing={2}>
        {mode === 'edit' && (
          <Grid size={12}>
            <HeldNotice apiResource={apiResource} />
            <MailBounceNotice apiResource={apiResource} />
            {apiResource === 'users' && <SecondFactorReset />}
          </Grid>
        )}
        {text('firstName')}
        {text('lastName')}
        {mode === 'create' && text('email')}
        {mode === 'create' && text('userName')}
        {text('phoneNumber')}
        {text('organization')}
        {showPartner && (
          <Grid size={{ xs: 12, sm: showRole ? 6 : 12 }}>
            <PartnerPickerInput source="partnerId" label="admin.users.fields.partner" required={partnerPicker === 'staff'} />
          </Grid>
        )}
        {showRole && (
          <Grid size={{ xs: 12, sm: showPartner ? 6 : 12 }}>
            <ReferenceInput source="roleId" reference="roles" sort={{ field: 'priority', order: 'ASC' }} perPage={100}>
              <SelectInput optionText="name" label="admin.users.fields.role" emptyText="admin.users.defaultRole" fullWidth />
            </ReferenceInput>
          </Grid>
        )}
      </Grid>
    );
  };
}
