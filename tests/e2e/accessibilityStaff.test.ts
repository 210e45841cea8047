import { describeAccessibility } from './accessibilitySuite';

describeAccessibility({ accounts: ['support@example.com'], signedOut: true });
