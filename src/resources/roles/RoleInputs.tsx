import { BooleanInput, NumberInput, TextInput } from 'react-admin';

/** A role's name (required), description and priority (1 ranks highest; nobody shapes a role at or above their own). */
export function RoleInputs() {
  return (
    <>
      <TextInput source="name" label="admin.roles.fields.name" fullWidth />
      <TextInput source="description" label="admin.roles.fields.description" fullWidth multiline minRows={2} />
      <NumberInput source="priority" label="admin.roles.fields.priority" helperText="admin.roles.priorityHint" fullWidth min={1} max={1000} step={1} />
      <BooleanInput source="requireSecondFactor" label="admin.roles.requireSecondFactor" helperText="admin.roles.requireSecondFactorHint" />
    </>
  );
}
