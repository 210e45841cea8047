import { describeAccessibility } from './accessibilitySuite';

describeAccessibility('englishWide');
