import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One request and the statements it sent to PostgreSQL, in order (their SQL text), whichever connection carried them. */
export interface CountedRequest {
  method: string;
  url: string;
  statements: string[];
}

/** What a pg client is to the counter: something with a `query` method (a pool's connection, the LISTEN connection). */
interface Queryable {
  query: (...args: never[]) => unknown;
}

const sqlOf = (first: unknown) =>
  typeof first === 'string' ? first : typeof first === 'object' && first && 'text' in first ? String((first as { text: unknown }).text) : String(first);

/**
 * Counts the round trips each request makes to the database (issue 36): every `query` of a watched connection is
 * put down to the request whose work sent it, followed through its awaits, the events it published and the work it
 * left for after the answer. Built only when asked (`buildApp(config, { countStatements: true })`, the server tests
 * and bench:api do); otherwise nothing is wrapped or stored and a query costs what it did.
 */
export class StatementCounter {
  private readonly current = new AsyncLocalStorage<CountedRequest>();
  private readonly ofRequest = new WeakMap<FastifyRequest, CountedRequest>();
  /** The requests counted since the last `take`, in the order they arrived. */
  private counted: CountedRequest[] = [];

  /** Puts the connection's queries down to the request running when each is sent. */
  watch(client: Queryable) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      this.current.getStore()?.statements.push(sqlOf(args[0]));
      return query(...args);
    }) as Queryable['query'];
  }

  /**
   * Follows every request from its first hook. The body is read on the socket's events, outside the request's
   * context, so the first pre-validation hook enters it again (as @fastify/request-context does).
   */
  register(app: FastifyInstance) {
    app.addHook('onRequest', (request, _reply, done) => {
      const counted: CountedRequest = { method: request.method, url: request.url, statements: [] };
      this.counted.push(counted);
      this.ofRequest.set(request, counted);
      this.current.run(counted, done);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const counted = this.ofRequest.get(request);
      if (counted) this.current.run(counted, done);
      else done();
    });
  }

  /** The requests counted since the last call, and forgets them. */
  take(): CountedRequest[] {
    const counted = this.counted;
    this.counted = [];
    return counted;
  }
}
