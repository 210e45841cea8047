import { Navigate } from 'react-router-dom';
import { routePaths } from '../config/routePaths';

/** Any unknown address goes to /404 (specification section 2). */
export const RedirectToNotFound = () => <Navigate to={routePaths.notFound} replace />;
