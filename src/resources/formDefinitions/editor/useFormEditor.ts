import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormDto, FormSection } from '../../../../contract/forms';
import { ApiError } from '../../../providers/http';
import { fetchForm, fetchFormSections, FORM_FIELD_NAMES, saveFormSections, updateFormFields, type FormFields } from '../formDefinitionApi';
import { draftErrors, serverErrorsOf } from './draftChecks';
import { withoutField, type EditorErrors } from './editorErrors';
import { takenKeys } from './sectionsDraft';
import type { VersionDraft } from './versionMerge';

/** A version as the server holds it. */
export interface LoadedVersion {
  form: FormDto;
  sections: FormSection[];
}
type Loaded = LoadedVersion;

export const fieldsOf = (form: FormDto): FormFields => ({ name: form.name, description: form.description, type: form.type, note: form.note });

/** What a save ended with, for the page to tell the user. */
export type SaveOutcome = 'saved' | 'invalid' | { conflict: LoadedVersion } | { failed: string };

/**
 * One version in the editor: the server's copy (re-read when the hub says it changed, unless the user has
 * unsaved changes) and the user's draft of its fields and sections, saved with If-Match on the form's version.
 */
export function useFormEditor(formId: string) {
  const queryClient = useQueryClient();
  // Under the react-admin resource name: a hub ResourceChanged of `forms` refetches it.
  const queryKey = useMemo(() => ['forms', 'editor', formId], [formId]);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<Loaded> => {
      const [form, sections] = await Promise.all([fetchForm(formId, signal), fetchFormSections(formId, signal)]);
      return { form: { ...form, version: sections.version ?? form.version }, sections: sections.sections };
    },
    retry: false,
  });
  const [base, setBase] = useState<Loaded | null>(null);
  const [fields, setFields] = useState<FormFields | null>(null);
  const [sections, setSections] = useState<FormSection[]>([]);
  const [errors, setErrors] = useState<EditorErrors>(new Map());
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  const reset = useCallback((loaded: Loaded) => {
    setBase(loaded);
    setFields(fieldsOf(loaded.form));
    setSections(loaded.sections);
    setErrors(new Map());
    setDirty(false);
  }, []);

  // A new server copy replaces the draft during the render that sees it, unless the user has unsaved changes.
  const [seen, setSeen] = useState<Loaded | undefined>(undefined);
  if (query.data !== seen) {
    setSeen(query.data);
    if (query.data && !dirty) reset(query.data);
  }

  const changeSections = useCallback((update: (current: FormSection[]) => FormSection[], clears: string[] = []) => {
    setSections(update);
    setDirty(true);
    setErrors((current) => clears.reduce(withoutField, current));
  }, []);

  const changeField = useCallback((name: keyof FormFields, value: string) => {
    setFields((current) => current && { ...current, [name]: value });
    setDirty(true);
    setErrors((current) => withoutField(current, `form:${name}`));
  }, []);

  /** Re-reads the server's copy and drops the draft (after publishing). */
  const reload = useCallback(async () => {
    setDirty(false);
    const { data } = await query.refetch();
    if (data) reset(data);
  }, [query, reset]);

  /** Saves `draft` over `onto` (the server copy it was made from): fields first, then sections, each with If-Match. */
  const saveOnto = useCallback(
    async (onto: Loaded, draft: VersionDraft): Promise<SaveOutcome> => {
      const found = draftErrors(draft.fields, draft.sections);
      if (found.size) {
        setErrors(found);
        return 'invalid';
      }
      setSaving(true);
      let form = onto.form;
      try {
        const changed = Object.fromEntries(FORM_FIELD_NAMES.filter((name) => draft.fields[name] !== form[name]).map((name) => [name, draft.fields[name]]));
        if (Object.keys(changed).length) {
          form = await updateFormFields(form, changed);
          const updated = form;
          setBase((current) => current && { ...current, form: updated });
        }
        const answer = await saveFormSections(form, draft.sections);
        const saved = { form: { ...form, version: answer.version ?? form.version }, sections: answer.sections };
        queryClient.setQueryData(queryKey, saved);
        reset(saved);
        void queryClient.invalidateQueries({ queryKey: ['forms'], predicate: ({ queryKey: key }) => key[1] !== 'editor' });
        return 'saved';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 412) {
          // The draft stays; the page shows both versions (the server's as it stands now) to merge.
          const { data } = await query.refetch();
          return data ? { conflict: data } : { failed: error.message };
        }
        if (error.status === 400 && error.envelope?.errors?.length) {
          setErrors(serverErrorsOf(draft.sections, error.envelope.errors));
          return 'invalid';
        }
        return { failed: error.message };
      } finally {
        setSaving(false);
      }
    },
    [query, queryClient, queryKey, reset],
  );

  const save = useCallback(
    async (): Promise<SaveOutcome> => (base && fields ? saveOnto(base, { fields, sections }) : 'invalid'),
    [base, fields, sections, saveOnto],
  );

  /** After a 412: the merged draft becomes the draft over the server's current copy, and is saved over it. */
  const saveMerged = useCallback(
    (theirs: Loaded, merged: VersionDraft): Promise<SaveOutcome> => {
      setBase(theirs);
      setFields(merged.fields);
      setSections(merged.sections);
      setDirty(true);
      return saveOnto(theirs, merged);
    },
    [saveOnto],
  );

  const savedKeys = useMemo(() => takenKeys(base?.sections ?? []), [base]);

  return { query, base, form: base?.form, savedKeys, fields, sections, errors, dirty, saving, changeSections, changeField, save, saveMerged, reload };
}
