import { screenDeclarations } from '../../resources';

/** Each declared resource name onto its API path (src/resources/<resource>/index.ts). */
const apiPathByResource = new Map(screenDeclarations.map((declaration) => [declaration.name, declaration.apiPath]));

/** The API path (under /api/v1) of a react-admin resource name; a name no screen declares is its own path. */
export function toApiResource(resource: string): string {
  return apiPathByResource.get(resource) ?? resource;
}
