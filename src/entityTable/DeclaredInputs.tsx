import type { ComponentType } from 'react';
import Grid from '@mui/material/Grid';
import { AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput, useGetIdentity } from 'react-admin';
import { fieldEntries, labelKeysOf, type ResourceDeclaration } from '../../contract/resources/declaration';
import type { FieldDeclaration } from '../../contract/resources/fields';
import { partnerFieldOf } from '../../contract/resources/scopes';
import type { SessionUser } from '../providers/auth/sessionUser';
import { PartnerPickerInput } from '../resources/partners/PartnerPickerInput';
import type { EntityFormInputsProps } from './types';

/** Inputs of references the app has a better picker for than a generic autocomplete. */
const REFERENCE_INPUTS: Record<string, ComponentType<{ source: string; label: string; required?: boolean }>> = { partners: PartnerPickerInput };

function FieldInput({ d, name, f }: { d: ResourceDeclaration; name: string; f: FieldDeclaration }) {
  const keys = labelKeysOf(d);
  const label = keys.field(name);
  switch (f.type) {
    case 'integer':
      return <NumberInput source={name} label={label} fullWidth />;
    case 'boolean':
      return <BooleanInput source={name} label={label} />;
    case 'enum':
      return <SelectInput source={name} label={label} choices={f.values!.map((value) => ({ id: value, name: keys.value(name, value) }))} fullWidth />;
    case 'reference': {
      const Picker = Object.hasOwn(REFERENCE_INPUTS, f.reference!) ? REFERENCE_INPUTS[f.reference!] : undefined;
      if (Picker) return <Picker source={name} label={label} required={f.required} />;
      return (
        <ReferenceInput source={name} reference={f.reference!}>
          <AutocompleteInput label={label} fullWidth />
        </ReferenceInput>
      );
    }
    default:
      return <TextInput source={name} label={label} fullWidth multiline={f.multiline} />;
  }
}

/**
 * The add and edit dialogs' inputs of a declared resource, one per field in the declaration's (or its form's)
 * order: the title field, long and wide texts take a whole row. A partner's own rows need no partner picker.
 */
export function declaredInputs(d: ResourceDeclaration): ComponentType<EntityFormInputsProps> {
  const byName = new Map(fieldEntries(d));
  const order = d.formOrder ?? [...byName.keys()];
  return function DeclaredInputs() {
    const { identity } = useGetIdentity();
    const isPartnerUser = !!(identity as SessionUser | undefined)?.partnerId;
    return (
      <Grid container columnSpacing={2}>
        {order
          .filter((name) => !(partnerFieldOf(d.scope) === name && isPartnerUser))
          .map((name) => {
            const f = byName.get(name)!;
            const whole = name === d.titleField || f.multiline || f.wide;
            return (
              <Grid key={name} size={{ xs: 12, sm: whole ? 12 : 6 }}>
                <FieldInput d={d} name={name} f={f} />
              </Grid>
            );
          })}
      </Grid>
    );
  };
}
