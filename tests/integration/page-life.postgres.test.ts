import { describePageLife } from './page-life.shared';

describePageLife('postgres');
