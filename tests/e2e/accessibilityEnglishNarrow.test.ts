import { describeAccessibility } from './accessibilitySuite';

describeAccessibility('englishNarrow');
