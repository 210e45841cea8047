import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePaths } from '../config/routePaths';
import { onSessionEnded } from '../providers/session/sessionEvents';

/** When a refresh is refused the HTTP client ends the session; this takes the user to /sign-in. */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnded(() => navigate(routePaths.signIn, { replace: true })), [navigate]);
  return null;
}
