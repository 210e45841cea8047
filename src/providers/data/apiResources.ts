import { isApiResourceName } from '../../../contract/apiResources';
import { screenDeclarations } from '../../resources';

/** Each screen's name onto its API path (src/resources/<resource>/index.ts). */
const apiPathByScreen = new Map(screenDeclarations.map((declaration) => [declaration.name, declaration.apiPath]));

/**
 * The API path (under /api/v1) of a react-admin resource name: an API resource's name is itself (contract/
 * apiResources.ts, so stock `<Resource name="files">` works without a screen); a screen's name is its API path.
 */
export function toApiResource(resource: string): string {
  if (isApiResourceName(resource)) return resource;
  return apiPathByScreen.get(resource) ?? resource;
}
