import { describeGuestIdentity } from './guest-identity.shared';

describeGuestIdentity('pglite');
