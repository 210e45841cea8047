import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDelete, useGetList, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { OnboardingRuleDto } from '../../../contract/forms';
import { MAX_PAGE_SIZE } from '../../../contract/http';
import { canAccessWith } from '../../../contract/permissions';
import { ConfirmDialog } from '../../entityTable/ConfirmDialog';
import { OnboardingRuleDialog } from './OnboardingRuleDialog';
import { ruleSentence } from './ruleText';

/** The rules, each a sentence with its delete button; "Add rule" opens the dialog. Gated by the caller's permissions. */
export function OnboardingRuleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const may = (action: 'Create' | 'Delete') => canAccessWith(permissions ?? [], { resource: 'NextPartnerForms', action });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<OnboardingRuleDto | null>(null);
  const { data = [], isPending } = useGetList<OnboardingRuleDto>('next-partner-forms', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const [remove, { isPending: removing }] = useDelete<OnboardingRuleDto>();

  const confirmDelete = () => {
    if (!deleting) return;
    void remove(
      'next-partner-forms',
      { id: deleting.id, previousData: deleting },
      { mutationMode: 'pessimistic', onSuccess: () => notify('validationRules.onboarding.deleted', { type: 'info' }), onSettled: () => setDeleting(null) },
    );
  };

  return (
    <Card component="section" aria-labelledby="onboarding-rules-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="onboarding-rules-title" variant="h6" component="h2">
          {translate('validationRules.onboarding.rules')}
        </Typography>
        {may('Create') && (
          <Button startIcon={<Add />} variant="contained" onClick={() => setAdding(true)} data-testid="onboarding-rule-add">
            {translate('validationRules.onboarding.add')}
          </Button>
        )}
      </Stack>
      {isPending && <LinearProgress aria-label={translate('app.loading')} />}
      {!isPending && data.length === 0 && <Typography color="text.secondary">{translate('validationRules.onboarding.noRules')}</Typography>}
      <List dense data-testid="onboarding-rules">
        {data.map((rule) => (
          <ListItem
            key={rule.id}
            divider
            secondaryAction={
              may('Delete') && (
                <IconButton
                  edge="end"
                  aria-label={translate('validationRules.onboarding.deleteRule')}
                  onClick={() => setDeleting(rule)}
                  data-testid="onboarding-rule-delete"
                >
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={ruleSentence(rule, translate)} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
          </ListItem>
        ))}
      </List>
      {adding && <OnboardingRuleDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('validationRules.onboarding.deleteTitle')}
        confirmColor="error"
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting && translate('validationRules.onboarding.deleteBody', { rule: ruleSentence(deleting, translate) })}
      </ConfirmDialog>
    </Card>
  );
}
