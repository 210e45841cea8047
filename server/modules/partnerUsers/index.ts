import { partnerUsersDeclaration } from '../../../contract/resources/partnerUsers';
import { declaredModule } from '../../core/declared';
import type { PortalModule } from '../module';
import { partnerUserRoutes } from './partnerUsers.routes';

/** A partner admin's own users (contract/resources/partnerUsers.ts): rows of the users module, served with its rules. */
export const partnerUsersModule: PortalModule = declaredModule(partnerUsersDeclaration, { routes: partnerUserRoutes });
