import { useEffect, useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SUPPORT_TEAM_NAME_MAX, type SupportTeamDto } from '../../../contract/ticketAssignment';
import { showToast } from '../../notifications/toastStore';
import { createTeam, deleteTeam, fetchTeams } from '../../resources/tickets/assignment/assignmentApi';

/** The support teams tickets may be handed to: listed for View, added and removed with Configure. */
export function SupportTeamsEditor({ mayConfigure }: { mayConfigure: boolean }) {
  const translate = useTranslate();
  const [teams, setTeams] = useState<SupportTeamDto[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchTeams()
      .then((list) => live && setTeams(list))
      .catch(() => live && setTeams([]));
    return () => {
      live = false;
    };
  }, []);

  const change = async (work: () => Promise<unknown>, messageKey: string) => {
    setBusy(true);
    try {
      await work();
      setTeams(await fetchTeams());
      showToast('success', translate(messageKey));
      return true;
    } catch {
      // The HTTP client has shown the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (await change(() => createTeam(name.trim()), 'ticketAssignment.teamCreated')) setName('');
  };

  return (
    <Stack spacing={1.5} data-testid="support-teams">
      <Typography variant="subtitle1" component="h3">
        {translate('ticketAssignment.team.list')}
      </Typography>
      {teams && teams.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('ticketAssignment.team.empty')}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {(teams ?? []).map((team) => (
          <li key={team.id}>
            <Chip
              label={team.name}
              onDelete={mayConfigure && !busy ? () => void change(() => deleteTeam(team.id), 'ticketAssignment.teamDeleted') : undefined}
              deleteIcon={<DeleteOutline aria-label={translate('ticketAssignment.team.remove', { name: team.name })} />}
            />
          </li>
        ))}
      </Stack>
      {mayConfigure && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void add();
          }}
        >
          <TextField
            size="small"
            label={translate('ticketAssignment.team.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: SUPPORT_TEAM_NAME_MAX, 'data-testid': 'support-team-name' } }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !name.trim()} data-testid="support-team-add">
            {translate('ticketAssignment.team.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
