import { describeGuestProfiles } from './guest-profiles.shared';

describeGuestProfiles('pglite');
