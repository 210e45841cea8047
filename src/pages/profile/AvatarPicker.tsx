import { useRef, useState, type ChangeEvent } from 'react';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { AVATAR_TYPES } from '../../../contract/http';
import { avatarFileProblem, readAvatar, type AvatarUpload } from './avatarFile';

export interface AvatarChoice {
  upload?: AvatarUpload;
  remove: boolean;
}

interface AvatarPickerProps {
  currentUrl: string | null;
  initial: string;
  choice: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
}

/** Picks a new picture (checked for type and 3 MB before upload) or removes the current one. */
export function AvatarPicker({ currentUrl, initial, choice, onChange }: AvatarPickerProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = choice.upload?.data ?? (choice.remove ? undefined : (currentUrl ?? undefined));

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fault = avatarFileProblem(file);
    setProblem(fault ? translate(fault.key, fault.values) : null);
    if (!fault) onChange({ upload: await readAvatar(file), remove: false });
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Avatar src={shown} sx={{ width: 128, height: 128, fontSize: 48, bgcolor: 'primary.main' }} data-testid="profile-avatar">
        {initial}
      </Avatar>
      <input ref={input} type="file" hidden accept={AVATAR_TYPES.join(',')} onChange={pick} data-testid="avatar-input" />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" startIcon={<PhotoCameraOutlined />} onClick={() => input.current?.click()}>
          {translate('app.profile.avatar.upload')}
        </Button>
        {shown && (
          <Button color="error" onClick={() => onChange({ remove: true })}>
            {translate('app.profile.avatar.remove')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {translate('app.profile.avatar.hint')}
      </Typography>
      {problem && (
        <Typography variant="caption" color="error" role="alert" data-testid="avatar-problem">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
