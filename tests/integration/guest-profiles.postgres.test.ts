import { describeGuestProfiles } from './guest-profiles.shared';

describeGuestProfiles('postgres');
