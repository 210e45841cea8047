import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { translateRuleMessage } from '../../../i18n/translateMessage';
import { ApiError } from '../../../providers/http';
import { schemaErrors, type AnySchema } from '../../../schemaForm/schemaErrors';

/**
 * A dialog's checks and its call: the contract schema over the body it would send (shown once the user tried to save), and
 * the field errors and message of the server's refusal.
 */
export function useCheckedSubmit(schema: AnySchema, body: object) {
  const translate = useTranslate();
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | null; status: number | null }>({
    fields: {},
    message: null,
    status: null,
  });
  const problems = useMemo(() => schemaErrors(schema, body), [schema, body]);
  const errorOf = (field: string): string | undefined => {
    const serverMessage = server.fields[field];
    if (serverMessage) return translate(serverMessage, { _: serverMessage });
    const problem = problems[field];
    return tried && problem ? translateRuleMessage(problem, translate) : undefined;
  };
  const [busy, setBusy] = useState(false);
  /** Marks the form tried; true when the body passes the schema. */
  const check = () => {
    setTried(true);
    setServer({ fields: {}, message: null, status: null });
    return Object.keys(problems).length === 0;
  };
  const refused = (error: unknown) => {
    if (error instanceof ApiError) setServer({ fields: error.body.errors ?? {}, message: error.message, status: error.status });
    else setServer({ fields: {}, message: translate('fileManager.failed'), status: null });
  };
  /** Checks, then calls; `done` after success, the refusal shown (and handed to `onRefused`) otherwise. */
  const submit = async (call: () => Promise<unknown>, done: () => void, onRefused?: (error: unknown) => void) => {
    if (!check()) return;
    setBusy(true);
    try {
      await call();
      done();
    } catch (error) {
      refused(error);
      onRefused?.(error);
    } finally {
      setBusy(false);
    }
  };
  return { errorOf, failure: server, busy, setBusy, check, refused, submit };
}
