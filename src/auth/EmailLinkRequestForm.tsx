import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormTextField } from '../components/FormTextField';
import { useLazySchemaForm, type LazySchema } from '../schemaForm/lazySchema';

export interface EmailLinkRequestFormProps {
  schema: LazySchema;
  heading: ReactNode;
  initialEmail?: string;
  labels: { email: string; submit: string; sent: string };
  /** Sends the request; the server answers the same whether or not the address has an account. */
  send: (email: string) => Promise<unknown>;
  sentTestId: string;
  autoFocus?: boolean;
}

/** "Mail me a link" (reset password, new activation link): an email, a button, and one neutral answer. */
export function EmailLinkRequestForm({ schema, heading, initialEmail = '', labels, send, sentTestId, autoFocus }: EmailLinkRequestFormProps) {
  const form = useLazySchemaForm(schema, { email: initialEmail });
  const [state, setState] = useState<{ status: 'editing' | 'sending' | 'sent' | 'failed'; message?: string }>({ status: 'editing' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await form.validNow())) return;
    setState({ status: 'sending' });
    try {
      await send(form.values.email.trim());
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {heading}
      {state.status === 'sent' && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid={sentTestId}>
          {labels.sent}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {state.message}
        </Alert>
      )}
      <FormTextField {...form.field('email')} label={labels.email} type="email" autoComplete="email" autoFocus={autoFocus} sx={{ mb: 3 }} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isValid} loading={state.status === 'sending'}>
        {labels.submit}
      </Button>
    </Box>
  );
}
