import { server } from '../../../mocks/server';

/** The bodies of the searches the app sends to `path` (e.g. `/api/v1/tickets/search`) until `stop()`. */
export function recordSearches<T = Record<string, unknown>>(path: string) {
  const bodies: T[] = [];
  const listen = ({ request }: { request: Request }) => {
    if (request.url.endsWith(path))
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body as T));
  };
  server.events.on('request:start', listen);
  return { bodies, stop: () => server.events.removeListener('request:start', listen) };
}
