import { declaredEntity } from './declaredEntity';

/**
 * The table of a declared resource with no screen folder of its own, behind the `import()` of its screen: a module
 * only loaded that way, so the build's manifest names its chunk (the route's preloads are read from it).
 */
export default declaredEntity;
