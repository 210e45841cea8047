import { isApiResourceName } from '../../../contract/apiResources';
import { screenNamed } from '../screenNames';

/**
 * The API path (under /api/v1) of a react-admin resource name: an API resource's name is itself (contract/
 * apiResources.ts, so stock `<Resource name="files">` works without a screen); a screen's name is its API path.
 */
export function toApiResource(resource: string): string {
  if (isApiResourceName(resource)) return resource;
  return screenNamed(resource)?.apiPath ?? resource;
}
