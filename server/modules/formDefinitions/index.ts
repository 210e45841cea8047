import type { PortalModule } from '../module';
import { formDefinitionRoutes } from './formDefinitions.routes';
import { seedDemoFormDefinitions } from './formDefinitions.demo';

/** Form definitions and their versions: fields, sections of questions, publish, new versions. */
export const formDefinitionsModule: PortalModule = { name: 'formDefinitions', plugin: formDefinitionRoutes, seedDemo: seedDemoFormDefinitions };
