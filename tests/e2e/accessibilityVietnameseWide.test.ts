import { describeAccessibility } from './accessibilitySuite';

describeAccessibility('vietnameseWide');
