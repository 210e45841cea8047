import { describeAccessibility } from './accessibilitySuite';

describeAccessibility({ accounts: ['partner.admin@acme.example', 'partner@acme.example'], signedOut: false });
