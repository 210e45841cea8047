import type { PortalModule } from '../module';
import { formDefinitionRoutes } from './formDefinitions.routes';

/** Form definitions and their versions: fields, sections of questions, publish, new versions. */
export const formDefinitionsModule: PortalModule = { name: 'formDefinitions', plugin: formDefinitionRoutes };
