import { matchPath } from 'react-router-dom';
import { screenRoutes } from './screenRoutes';
// Every screen's access check needs it (authProvider.canAccess imports it lazily, for the sign-in bundle's sake):
// imported here, it becomes part of the app's bundle, which the page preloads, instead of a round trip of its own.
import '../providers/auth/resourcePermissions';

const ignore = () => undefined;

/**
 * Starts fetching the code of the screen at `pathname` as soon as the app's bundle runs, so it arrives during the
 * session check instead of after it (a slow link pays each round trip). The screen's lazy component imports the same
 * modules later and gets them from the module cache; a failure shows there, not here.
 */
export function startScreenLoad(pathname: string, home: () => Promise<unknown>) {
  if (pathname === '/') return void home().catch(ignore);
  const route = screenRoutes.find(({ path }) => matchPath(`/${path}`, pathname));
  if (typeof route?.view === 'function') void route.view().catch(ignore);
  else if (route?.view === 'entity' && route.declaration.entity) {
    void import('../entityTable/EntityTableScreen').catch(ignore);
    void route.declaration.entity().catch(ignore);
  }
}
