/**
 * react-router as react-admin sees it in this app (vite.config.ts points ra-core's router adapter here).
 * react-admin builds a fallback HashRouter only when it is not inside a router; ours always is, inside the
 * app's BrowserRouter. Without these two stand-ins the data-router code (about 18 KB gzip) would join the
 * react-router module every page shares, the sign-in page included.
 */
export * from 'react-router-dom';

const insideAppRouter = 'react-admin must be rendered inside the app router (src/main.tsx)';

export function createHashRouter(): never {
  throw new Error(insideAppRouter);
}

export function RouterProvider(): never {
  throw new Error(insideAppRouter);
}
