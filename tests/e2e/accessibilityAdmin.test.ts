import { describeAccessibility } from './accessibilitySuite';

// The admin opens every screen: its scans alone are as long as another file's, so it runs beside them.
describeAccessibility({ accounts: ['admin@example.com'], signedOut: false });
