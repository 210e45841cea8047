import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { onSessionEnded } from '../providers/session/sessionEvents';

/** When a refresh is refused or the sign-in was ended the session ends; this takes the user to /sign-in (which says why). */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnded(() => navigate(routePaths.signIn, { replace: true })), [navigate]);
  return null;
}
