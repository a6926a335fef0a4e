import { describeExperienceChanges } from './experience-changes.shared';

describeExperienceChanges('postgres');
