import { describeAccessibility } from './accessibilitySuite';

describeAccessibility('vietnameseNarrow');
