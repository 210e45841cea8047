import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

export type AfterAnswer = (reply: FastifyReply, task: () => Promise<void>) => void;

/** Work under way per HTTP server (shared by every plugin of one app, whatever its encapsulation). */
const pendingByServer = new WeakMap<Server, Set<Promise<void>>>();

/**
 * Work a public answer must not wait for: started once the answer has gone, so neither its duration nor its
 * failure (a slow or broken mail server) shows in the answer. The app's close waits for what is under way.
 */
export function createAfterAnswer(app: FastifyInstance, log: FastifyBaseLogger): AfterAnswer {
  let pending = pendingByServer.get(app.server);
  if (!pending) pendingByServer.set(app.server, (pending = new Set()));
  const jobs = pending;
  app.addHook('onClose', async () => {
    await Promise.allSettled(jobs);
  });
  return (reply, task) => {
    const job: Promise<void> = new Promise<void>((resolve) => reply.raw.once('close', resolve))
      .then(task)
      .catch((error: unknown) => log.error({ err: error }, 'work after the answer failed'))
      .finally(() => jobs.delete(job));
    jobs.add(job);
  };
}

/** Resolves when the work started after answers of this server so far has finished (tests read the outbox after it). */
export async function afterAnswersSettled(server: Server) {
  await Promise.allSettled([...(pendingByServer.get(server) ?? [])]);
}
