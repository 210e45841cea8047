/**
 * Which built page an app path gets, as the build wrote it (scripts/preloadPages.ts: dist/.vite/routePages.json):
 * each route's page preloads the chunks that route opens.
 */
export interface RoutePages {
  /** react-router patterns (`/partners/:id?`, `/tickets/:id/detail`) and the page each gets. */
  routes: { path: string; page: string }[];
  otherwise: string;
}

interface CompiledRoute {
  /** Lower-cased static segments, or null for a parameter. */
  segments: (string | null)[];
  /** The last segment is an optional parameter (`:id?`). */
  optionalLast: boolean;
  page: string;
}

/** The non-empty segments of a path, at most `limit` of them (a path with more matches no route anyway). */
function segmentsOf(path: string, limit = Infinity): string[] {
  const segments: string[] = [];
  let start = 0;
  while (start <= path.length && segments.length < limit) {
    const slash = path.indexOf('/', start);
    const end = slash < 0 ? path.length : slash;
    if (end > start) segments.push(path.slice(start, end));
    start = end + 1;
  }
  return segments;
}

function compile(path: string, page: string): CompiledRoute {
  const parts = segmentsOf(path);
  const optionalLast = parts.length > 0 && parts[parts.length - 1].startsWith(':') && parts[parts.length - 1].endsWith('?');
  return { segments: parts.map((part) => (part.startsWith(':') ? null : part.toLowerCase())), optionalLast, page };
}

const staticCount = (route: CompiledRoute) => route.segments.filter((segment) => segment !== null).length;

function matches(route: CompiledRoute, segments: string[]): boolean {
  const { length } = route.segments;
  if (segments.length !== length && !(route.optionalLast && segments.length === length - 1)) return false;
  // Static segments compare as react-router does by default: without case.
  return segments.every((segment, index) => route.segments[index] === null || route.segments[index] === segment.toLowerCase());
}

/**
 * The page for a decoded, normalised path: the most specific route that matches (more static segments first, so
 * `/roles/:id/permissions` is not taken for a row of `/roles/:id?`), else the table's `otherwise`. Each route is
 * compared segment by segment, in time linear in the path; nothing from the path becomes a pattern or a key.
 */
export function routePageMatcher(table: RoutePages): (path: string) => string {
  const routes = table.routes.map(({ path, page }) => compile(path, page)).sort((a, b) => staticCount(b) - staticCount(a));
  const longest = Math.max(0, ...routes.map((route) => route.segments.length));
  return (path) => {
    const segments = segmentsOf(path, longest + 1);
    if (segments.length > longest) return table.otherwise;
    return routes.find((route) => matches(route, segments))?.page ?? table.otherwise;
  };
}
