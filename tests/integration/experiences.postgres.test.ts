import { describeExperiences } from './experiences.shared';

describeExperiences('postgres');
