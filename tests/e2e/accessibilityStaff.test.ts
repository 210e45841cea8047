import { describeAccessibility } from './accessibilitySuite';

describeAccessibility({ accounts: ['admin@example.com', 'support@example.com'], signedOut: true });
