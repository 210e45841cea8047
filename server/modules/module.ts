import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

/** Where a module's routes answer: the versioned API and, as the specification's unversioned paths, /api. */
export const API_PREFIXES = ['/api/v1', '/api'] as const;

/**
 * One server module (server/modules/<name>/): its plugin holds the routes, hub methods and event subscribers;
 * its service the rules (testable without HTTP); its schema the tables; its seed the rows it needs.
 */
export interface PortalModule {
  name: string;
  plugin: FastifyPluginAsync<{ ctx: AppContext }>;
  /** Prefixes the plugin is registered under; API_PREFIXES unless the module's paths are unversioned. */
  prefixes?: readonly string[];
  /** Rows every database needs, written at every start; idempotent by natural key. */
  seed?(ctx: AppContext): Promise<void>;
  /** Demo rows (SEED=demo), written at every start after every module's `seed`; idempotent by natural key. */
  seedDemo?(ctx: AppContext): Promise<void>;
}
