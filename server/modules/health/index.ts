import type { PortalModule } from '../module';
import { healthRoutes } from './health.routes';

/** Liveness and readiness for load balancers and orchestrators. */
export const healthModule: PortalModule = { name: 'health', plugin: healthRoutes, prefixes: ['/api'] };
