import { describeExperiences } from './experiences.shared';

describeExperiences('pglite');
