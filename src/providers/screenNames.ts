import type { Resource } from '../../contract/permissions';

/** What the providers need of a screen whose react-admin name is not an API name: the API path and permission it uses. */
export interface ScreenName {
  name: string;
  apiPath: string;
  permissionResource: Resource;
}

const screens = new Map<string, ScreenName>();

/**
 * The screen registry (src/resources/index.ts) names its screens here when it loads, so the data and auth providers
 * answer for screen names ("ticket-management" calls /tickets) without depending on any screen.
 */
export function nameScreens(declarations: readonly ScreenName[]): void {
  for (const { name, apiPath, permissionResource } of declarations) screens.set(name, { name, apiPath, permissionResource });
}

export const screenNamed = (name: string): ScreenName | undefined => screens.get(name);
