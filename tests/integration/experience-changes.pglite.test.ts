import { describeExperienceChanges } from './experience-changes.shared';

describeExperienceChanges('pglite');
